import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { fileApi } from '@wharf/contract';
import { AppError } from '../../../platform/http/errors';
import { registerEndpoint } from '../../../platform/http/register';
import type { FilesService } from '../service';

/** The body of an upload call is the file itself; a JSON body there is a client error. */
export function bodyStream(body: unknown): Readable {
  if (body && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw new AppError('unsupportedMedia', { zh: '请以 application/octet-stream 发送文件内容', en: 'Send the file bytes as application/octet-stream' });
}

export function uploadRoutes(app: FastifyInstance, s: FilesService): void {
  // Streams go to their handler untouched; the storage layer counts and bounds them.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  registerEndpoint(app, fileApi.uploadObject, async ({ caller, query, req }) => ({ object: await s.upload(caller, bodyStream(req.body), query) }));
  registerEndpoint(app, fileApi.multipartInit, ({ caller, body }) => s.multipartInit(caller, body));
  registerEndpoint(app, fileApi.multipartPart, ({ caller, query, req }) => s.putPart(caller, query.uploadId, query.partNumber, bodyStream(req.body)));
  registerEndpoint(app, fileApi.multipartParts, ({ caller, query }) => s.parts(caller, query.uploadId));
  registerEndpoint(app, fileApi.multipartCompose, async ({ caller, body }) => ({ object: await s.compose(caller, body.uploadId) }));
  registerEndpoint(app, fileApi.multipartAbort, async ({ caller, body }) => {
    await s.abort(caller, body.uploadId);
    return {};
  });
  registerEndpoint(app, fileApi.deleteObjects, ({ caller, body }) => s.remove(caller, body.objectIds));
}
