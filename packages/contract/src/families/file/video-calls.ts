import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';

const PREFIX = 'cfs/file_service/v1';

export const VIDEO_PARSE_STATES = ['parsing', 'parsed', 'failed'] as const;

export const videoFacts = z.object({
  /** Seconds, three decimals. */
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** The video track's codec string, e.g. avc1.42c00d or hvc1.1.6.L93.90. */
  codec: z.string(),
  /** The container's major brand, e.g. isom or qt. */
  brand: z.string(),
  frameRate: z.number().nullable(),
  bitrate: z.number().int().nullable(),
  audioCodec: z.string().nullable(),
});
export type VideoFacts = z.infer<typeof videoFacts>;

const task = z.object({
  taskId: z.string(),
  objectId: z.string(),
  state: z.enum(VIDEO_PARSE_STATES),
  video: videoFacts.nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const videoParse = defineEndpoint({
  id: 'file.videoParse',
  method: 'POST',
  prefix: PREFIX,
  path: '/video/parse',
  access: 'team:file.upload',
  summary: "Read an uploaded video's container in the background: duration, size, codec",
  body: z.object({ objectId: z.uuid() }),
  response: okResponse({ task }),
});

export const videoParseResult = defineEndpoint({
  id: 'file.videoParseResult',
  method: 'GET',
  prefix: PREFIX,
  path: '/video/parse/result',
  access: 'team:app.read',
  summary: 'The state and the facts of a video parse (poll while it is parsing)',
  query: z.object({ taskId: z.uuid() }),
  response: okResponse({ task }),
});
