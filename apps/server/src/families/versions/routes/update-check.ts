import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { prepareAnswer, registerEndpoint, sendPrepared, STREAMED } from '../../../platform/http/register';
import { countryOfAcceptLanguage } from '../distribution';
import type { VersionsServices } from './context';

export function updateCheckRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.updateCheck, async ({ query, req, reply }) => {
    const country = query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined;
    // The service hands out one answer object per release snapshot, so this is mostly a lookup.
    const prepared = prepareAnswer(versionApi.updateCheck, await s.distribution.updateFor({ ...query, country }));
    // Devices poll often: an unchanged answer costs a header exchange, no body.
    reply.header('ETag', prepared.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Language');
    if (req.headers['if-none-match'] === prepared.etag) {
      reply.code(304).send();
      return STREAMED;
    }
    return sendPrepared(reply, prepared);
  });
}
