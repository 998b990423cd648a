import { z } from 'zod';
import { STREAM_CHUNK_BYTES } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { bizTag, contentType, fileName, fileObject } from './schemas';
import { okResponse } from '../../kit/envelope';
import { refused } from '../../kit/field-errors';

const PREFIX = 'cfs/file_service/v1';

/** Multipart parts are whole multiples of the stream chunk; the last part may be shorter. */
export const MULTIPART_PART_BYTES = 128 * STREAM_CHUNK_BYTES;
export const MULTIPART_MAX_PARTS = 10_000;

export * from './schemas';
export * from './url-calls';
export * from './video-calls';

/** The body is the file's bytes (application/octet-stream), streamed; metadata rides in the query. */
export const uploadObject = defineEndpoint({
  id: 'file.uploadObject',
  method: 'POST',
  prefix: PREFIX,
  path: '/upload/object',
  access: 'team:file.upload',
  summary: 'Upload a file as the request body (streamed, size-bounded, sha256 computed)',
  query: z.object({ fileName, contentType, bizTag: bizTag.optional() }),
  response: okResponse({ object: fileObject }),
});

export const downloadUrl = defineEndpoint({
  id: 'file.downloadUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/download/object/url',
  access: 'team:app.read',
  summary: 'A signed download URL that expires',
  body: z.object({ objectId: z.uuid(), expiresInSeconds: z.number().int().min(60).max(7 * 86_400).default(3600) }),
  response: okResponse({ url: z.string(), expiresAt: z.string() }),
});

export const downloadObject = defineEndpoint({
  id: 'file.downloadObject',
  method: 'GET',
  prefix: PREFIX,
  path: '/download/object/:objectId',
  access: 'anonymous',
  summary: 'Download by signed URL (the signature is the permission); Range requests supported',
  params: z.object({ objectId: z.uuid() }),
  query: z.object({ expires: z.coerce.number().int(), sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/) }),
  response: okResponse({}),
});

export const deleteObjects = defineEndpoint({
  id: 'file.deleteObjects',
  method: 'POST',
  prefix: PREFIX,
  path: '/delete/objects',
  access: 'team:file.upload',
  summary: 'Delete files of the team',
  body: z.object({ objectIds: z.array(z.uuid()).min(1).max(100) }),
  response: okResponse({ deletedObjects: z.array(z.string()), errorObjects: z.array(z.object({ objectId: z.string(), reason: z.string() })) }),
});

export const multipartInit = defineEndpoint({
  id: 'file.multipartInit',
  method: 'POST',
  prefix: PREFIX,
  path: '/multipart/init',
  access: 'team:file.upload',
  summary: 'Start a resumable upload in parts',
  body: z.object({ fileName, contentType, bizTag: bizTag.optional(), size: z.number().int().min(1) }),
  response: okResponse({ uploadId: z.string(), partSize: z.number().int(), partCount: z.number().int() }),
});

const uploadQuery = z.object({ uploadId: z.uuid() });

export const multipartPart = defineEndpoint({
  id: 'file.multipartPart',
  method: 'PUT',
  prefix: PREFIX,
  path: '/multipart/parts',
  access: 'team:file.upload',
  summary: 'Upload one part as the request body (again to replace it)',
  query: uploadQuery.extend({ partNumber: z.coerce.number().int().min(1).max(MULTIPART_MAX_PARTS) }),
  response: okResponse({ partNumber: z.number().int(), size: z.number().int(), sha256: z.string() }),
});

export const multipartParts = defineEndpoint({
  id: 'file.multipartParts',
  method: 'GET',
  prefix: PREFIX,
  path: '/multipart/parts',
  access: 'team:file.upload',
  summary: 'Parts received so far: what a client resumes from',
  query: uploadQuery,
  response: okResponse({ parts: z.array(z.object({ partNumber: z.number().int(), size: z.number().int() })), partSize: z.number().int(), partCount: z.number().int() }),
});

export const multipartCompose = defineEndpoint({
  id: 'file.multipartCompose',
  method: 'POST',
  prefix: PREFIX,
  path: '/multipart/compose',
  access: 'team:file.upload',
  summary: 'Join the parts into one file once all are there',
  body: uploadQuery,
  response: okResponse({ object: fileObject }),
});

export const multipartAbort = defineEndpoint({
  id: 'file.multipartAbort',
  method: 'POST',
  prefix: PREFIX,
  path: '/multipart/abort',
  access: 'team:file.upload',
  summary: 'Give up an upload and drop its parts',
  body: uploadQuery,
  response: okResponse({}),
});

export const uploadByUrl = defineEndpoint({
  id: 'file.uploadByUrl',
  method: 'POST',
  prefix: PREFIX,
  path: '/upload/by-url',
  access: 'team:file.upload',
  summary: 'Fetch a file from an http(s) address on the allow-list, in the background',
  body: z.object({
    url: z.string().url().max(2000).refine((v) => /^https?:\/\//i.test(v), refused('httpLink')),
    fileName: fileName.optional(),
    bizTag: bizTag.optional(),
  }),
  response: okResponse({ objectId: z.string(), state: z.enum(['uploading', 'ready', 'failed']) }),
});

export const asyncCheck = defineEndpoint({
  id: 'file.asyncCheck',
  method: 'GET',
  prefix: PREFIX,
  path: '/objects/async/check',
  access: 'team:file.upload',
  summary: 'The state of a background upload (by URL): uploading, ready or failed with a reason',
  query: z.object({ objectId: z.uuid() }),
  response: okResponse({ state: z.enum(['uploading', 'ready', 'failed']), reason: z.string().nullable(), object: fileObject.nullable() }),
});
