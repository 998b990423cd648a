import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import type { VersionsServices } from './context';
import { countryOfAcceptLanguage } from '../distribution';

/** Listing images change with a new version (a new address), so caches may keep them an hour. */
const IMAGE_MAX_AGE_S = 3600;

/** Calls without an account: the store's pages and what devices fetch by link. */
export function publicRoutes(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.allianceApps, ({ query }) => s.store.alliance(query));
  registerEndpoint(app, versionApi.storeIndex, ({ query, req, reply }) => {
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language');
    return s.store.index({ ...query, country: query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined });
  });
  registerEndpoint(app, versionApi.storeApp, async ({ params, query, req, reply }) => {
    // A shelf-off must take the app off the page at once: revalidate every time.
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language');
    const country = query.country ?? countryOfAcceptLanguage(req.headers['accept-language']) ?? undefined;
    return { app: await s.store.app(params.appId, query.language, country) };
  });
  registerEndpoint(app, versionApi.storeImage, async ({ params, req, reply }) => {
    const file = await s.store.image(params.versionId, params.objectId);
    const etag = `"${file.sha256}"`;
    reply.header('Cache-Control', `public, max-age=${IMAGE_MAX_AGE_S}`).header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) {
      reply.code(304).send();
      return STREAMED;
    }
    reply.header('Content-Type', file.contentType).header('Content-Length', file.size).header('Content-Disposition', 'inline');
    reply.send(await s.store.storage.get(file.storageKey));
    return STREAMED;
  });
}
