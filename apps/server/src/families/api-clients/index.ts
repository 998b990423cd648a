import type { Deps, Family } from '../../platform/deps';
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
const PARTS = new WeakMap<Deps, { cache: ClientCache; tokens: BearerTokens; usage: UsageTouch; service: ApiClientsService; grants: ApiClientGrants }>();
function partsOf(deps: Deps) {
  let parts = PARTS.get(deps);
  if (!parts) {
    const cache = new ClientCache(deps);
    const tokens = new BearerTokens(deps, cache);
    parts = { cache, tokens, usage: new UsageTouch(deps), service: new ApiClientsService(deps, cache, tokens), grants: new ApiClientGrants(deps, cache) };
    PARTS.set(deps, parts);
  }
  return parts;
}

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
