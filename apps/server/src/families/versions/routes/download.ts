import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { AppError } from '../../../platform/http/errors';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { parseRange } from '../../files/range';
import { countryOfAcceptLanguage, UNKNOWN_COUNTRY } from '../distribution';
import type { VersionsServices } from './context';

export function downloadRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.download, async ({ params, query, req, reply }) => {
    const { pkg, file } = await s.distribution.fileOf(params.versionId);
    const range = parseRange(req.headers.range, file.size);
    reply.header('Accept-Ranges', 'bytes').header('ETag', `"${file.sha256}"`).header('Content-Type', file.contentType);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pkg.fileName)}`);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${file.size}`);
      throw new AppError('rangeNotSatisfiable');
    }
    // A resumed download (a range past the first byte) is the same download, counted once.
    if (range.kind === 'full' || range.start === 0) {
      await s.distribution.count(params.versionId, query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? UNKNOWN_COUNTRY);
    }
    if (range.kind === 'partial') {
      reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', range.end - range.start + 1);
      reply.send(await s.distribution.storage.get(file.storageKey, range));
    } else {
      reply.header('Content-Length', file.size);
      reply.send(await s.distribution.storage.get(file.storageKey));
    }
    return STREAMED;
  });
}
