import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import { countryOfAcceptLanguage, DistributionService } from '../distribution';
import type { VersionsServices } from './context';

export function updateCheckRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.updateCheck, async ({ query, req, reply }) => {
    const country = query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined;
    const answer = await s.distribution.updateFor({ ...query, country });
    const etag = DistributionService.etagOf(answer);
    // Devices poll often: an unchanged answer costs a header exchange, no body.
    reply.header('ETag', etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Language');
    if (req.headers['if-none-match'] === etag) {
      reply.code(304).send();
      return STREAMED;
    }
    return answer;
  });
}
