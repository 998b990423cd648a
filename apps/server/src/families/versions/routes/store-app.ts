import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function storeAppRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.storeApp, async ({ params, query, reply }) => {
    // A shelf-off must take the app off the page at once: revalidate every time.
    reply.header('Cache-Control', 'no-cache');
    return { app: await s.store.app(params.appId, query.language) };
  });
}
