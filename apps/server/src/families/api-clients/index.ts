import type { Family } from '../../platform/deps';
import { perDeps } from '../../platform/per-deps';
import { ClientCache } from './client-cache';
import { apiClientCredentials } from './credentials';
import { servicesOf } from './routes/context';
import { ApiClientGrants } from './grants';
import { ApiClientsService } from './service';
import { BearerTokens } from './tokens';
import { UsageTouch } from './usage';
import { connectRoutes } from './routes/connect';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';

const ROUTES = [consoleRoutes, connectRoutes, publicRoutes];

/** One set of parts per built app: the routes and the credential check share the cache. */
const partsOf = perDeps((deps) => {
  const cache = new ClientCache(deps);
  const tokens = new BearerTokens(deps, cache);
  return { cache, tokens, usage: new UsageTouch(deps), service: new ApiClientsService(deps, cache, tokens), grants: new ApiClientGrants(deps, cache) };
});

/**
 * A team's API clients and service accounts (AppGallery Connect's API permission service),
 * and the credentials they give the Connect API: tokens, service-account JWTs (docs/api-clients.md).
 */
export const apiClientsFamily: Family = {
  name: 'api-clients',
  register(app, deps) {
    const { service, grants } = partsOf(deps);
    const s = servicesOf(deps, service, grants);
    for (const route of ROUTES) route(app, s);
  },
  credentials: {
    'api-client': (deps) => {
      const { cache, tokens, usage } = partsOf(deps);
      return apiClientCredentials(deps, cache, tokens, usage);
    },
  },
};
