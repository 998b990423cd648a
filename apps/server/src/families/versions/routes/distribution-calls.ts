import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { AppError } from '../../../platform/http/errors';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { parseRange } from '../../files/range';
import { countryOfAcceptLanguage, DistributionService, UNKNOWN_COUNTRY } from '../distribution';

export function distributionRoutes(app: FastifyInstance, s: DistributionService): void {
  registerEndpoint(app, versionApi.updateCheck, async ({ query, req, reply }) => {
    const answer = await s.updateFor(query);
    const etag = DistributionService.etagOf(answer);
    // Devices poll often: an unchanged answer costs a header exchange, no body.
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
    if (req.headers['if-none-match'] === etag) {
      reply.code(304).send();
      return STREAMED;
    }
    return answer;
  });

  registerEndpoint(app, versionApi.download, async ({ params, query, req, reply }) => {
    const { pkg, file } = await s.fileOf(params.versionId);
    const range = parseRange(req.headers.range, file.size);
    reply.header('Accept-Ranges', 'bytes').header('ETag', `"${file.sha256}"`).header('Content-Type', file.contentType);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(pkg.fileName)}`);
    if (range.kind === 'unsatisfiable') {
      reply.header('Content-Range', `bytes */${file.size}`);
      throw new AppError('rangeNotSatisfiable');
    }
    // A resumed download (a range past the first byte) is the same download, counted once.
    if (range.kind === 'full' || range.start === 0) {
      await s.count(params.versionId, query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? UNKNOWN_COUNTRY);
    }
    if (range.kind === 'partial') {
      reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`).header('Content-Length', range.end - range.start + 1);
      reply.send(await s.storage.get(file.storageKey, range));
    } else {
      reply.header('Content-Length', file.size);
      reply.send(await s.storage.get(file.storageKey));
    }
    return STREAMED;
  });
}
