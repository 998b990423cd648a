import type { FastifyInstance } from 'fastify';
import { fileApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import { videoTaskOut } from '../video-service';
import type { FilesServices } from './context';

export function videoRoutes(app: FastifyInstance, { video: s }: FilesServices): void {
  registerEndpoint(app, fileApi.videoParse, async ({ caller, body, req }) => ({ task: videoTaskOut(await s.start(caller, body.objectId), messageLanguage(req)) }));
  registerEndpoint(app, fileApi.videoParseResult, async ({ caller, query, req }) => ({ task: videoTaskOut(await s.result(caller, query.taskId), messageLanguage(req)) }));
}
