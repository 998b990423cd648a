import type { FastifyInstance } from 'fastify';
import { buildPath, fileApi } from '@wharf/contract';
import { AppError, notFound } from '../../../platform/http/errors';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { filesRepo } from '../repo';
import { parseRange } from '../../../platform/http/range';
import type { FilesServices } from './context';

export function downloadRoutes(app: FastifyInstance, { files: s, signer, db, clock, objects }: FilesServices): void {
  registerEndpoint(app, fileApi.downloadUrl, async ({ caller, body }) => {
    const row = await s.get(caller, body.objectId);
    const expires = clock.now().getTime() + body.expiresInSeconds * 1000;
    const sig = await signer.sign(row.id, expires);
    return { url: `${buildPath(fileApi.downloadObject, { objectId: row.id })}?expires=${expires}&sig=${sig}`, expiresAt: new Date(expires).toISOString() };
  });

  registerEndpoint(app, fileApi.downloadObject, async ({ params, query, req, reply }) => {
    if (!(await signer.verify(params.objectId, query.expires, query.sig))) {
      throw new AppError('forbidden', { zh: '下载链接无效或已过期', en: 'The download link is invalid or has expired', ru: 'Ссылка для скачивания недействительна или истекла' });
    }
    const row = await filesRepo.byId(db, params.objectId);
    if (!row || row.state !== 'ready') throw notFound();
    const range = parseRange(req.headers.range, row.size);
    reply.header('Accept-Ranges', 'bytes');
    reply.header('ETag', `"${row.sha256}"`);
    reply.header('Content-Type', row.contentType);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${row.size}`);
      throw new AppError('rangeNotSatisfiable');
    }
    if (range.kind === 'partial') {
      reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${row.size}`).header('Content-Length', range.end - range.start + 1);
      reply.send(await objects.read(row, range));
    } else {
      reply.header('Content-Length', row.size);
      reply.send(await objects.read(row));
    }
    return STREAMED;
  });
}
