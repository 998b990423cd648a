import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { AppError } from '../../../platform/http/errors';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { parseRange } from '../../../platform/http/range';
import { countryOfAcceptLanguage } from '../../../platform/http/accept-language';
import { UNKNOWN_COUNTRY } from '../../versions/public';
import type { TestingServices } from './context';

/** The calls apps make from devices, with the app's client key (and the app user's token where one is needed). */
export function clientRoutes(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.testDownload, async ({ params, query, req, reply }) => {
    s.open.limit(req.ip);
    const { pkg, file } = await s.open.fileFor(params.testVersionId, query.testerToken);
    const range = parseRange(req.headers.range, file.size);
    reply.header('Accept-Ranges', 'bytes').header('ETag', `"${file.sha256}"`).header('Content-Type', file.contentType).header('Cache-Control', 'private, no-store');
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pkg.fileName)}`);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${file.size}`);
      throw new AppError('rangeNotSatisfiable');
    }
    // A resumed download is the same download, counted once.
    if (range.kind === 'full' || range.start === 0) await s.open.count(params.testVersionId, countryOfAcceptLanguage(req.headers['accept-language']) ?? UNKNOWN_COUNTRY);
    if (range.kind === 'partial') {
      reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', range.end - range.start + 1);
      reply.send(await s.open.storage.get(file.storageKey, range));
    } else {
      reply.header('Content-Length', file.size);
      reply.send(await s.open.storage.get(file.storageKey));
    }
    return STREAMED;
  });
}
