import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { fileApi } from '@wharf/contract';
import { AppError } from '../../../platform/http/errors';
import { registerEndpoint } from '../../../platform/http/register';
import type { FilesServices } from './context';

/**
 * The body of an upload call is the file itself; a JSON body there is a client error. A
 * body that stops arriving for `idleMs` (a client gone quiet, or one sending a byte now
 * and then) fails with a timeout, so the storage layer drops what it wrote and the
 * connection is freed; the client hears 408.
 */
export function bodyStream(body: unknown, idleMs: number): Readable {
  if (!body || typeof (body as Readable).pipe !== 'function') {
    throw new AppError('unsupportedMedia', { zh: '请以 application/octet-stream 发送文件内容', en: 'Send the file bytes as application/octet-stream', ru: 'Отправьте байты файла как application/octet-stream' });
  }
  const source = body as Readable;
  if (idleMs <= 0) return source;
  const guarded = new PassThrough();
  const timer = setTimeout(() => {
    source.unpipe(guarded);
    source.pause();
    guarded.destroy(new AppError('requestTimeout', { zh: `请求超时：${idleMs / 1000} 秒内未收到数据`, en: `The upload stopped: nothing arrived for ${idleMs / 1000} s`, ru: `Загрузка остановлена: данные не поступали ${idleMs / 1000} с` }));
  }, idleMs);
  // A chunk must keep coming: at least one per idle period, however small.
  source.on('data', () => timer.refresh());
  source.once('end', () => clearTimeout(timer));
  source.once('close', () => clearTimeout(timer));
  source.once('error', (err) => {
    clearTimeout(timer);
    guarded.destroy(err);
  });
  guarded.once('close', () => clearTimeout(timer));
  // A reader listens for the timeout itself; a call refused before it read the body has
  // none, and an error nobody listens for would take the whole process down.
  guarded.on('error', () => undefined);
  return source.pipe(guarded);
}

export function uploadRoutes(app: FastifyInstance, { files: s, idleMs }: FilesServices): void {
  // Streams go to their handler untouched; the storage layer counts and bounds them.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
  registerEndpoint(app, fileApi.uploadObject, async ({ caller, query, req }) => ({ object: await s.upload(caller, bodyStream(req.body, idleMs), query) }));
  registerEndpoint(app, fileApi.multipartInit, ({ caller, body }) => s.multipartInit(caller, body));
  registerEndpoint(app, fileApi.multipartPart, ({ caller, query, req }) => s.putPart(caller, query.uploadId, query.partNumber, bodyStream(req.body, idleMs)));
  registerEndpoint(app, fileApi.multipartParts, ({ caller, query }) => s.parts(caller, query.uploadId));
  registerEndpoint(app, fileApi.multipartCompose, async ({ caller, body }) => ({ object: await s.compose(caller, body.uploadId) }));
  registerEndpoint(app, fileApi.multipartAbort, async ({ caller, body }) => {
    await s.abort(caller, body.uploadId);
    return {};
  });
  registerEndpoint(app, fileApi.deleteObjects, ({ caller, body }) => s.remove(caller, body.objectIds));
}
