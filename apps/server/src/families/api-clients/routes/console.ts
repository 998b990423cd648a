import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.createApiClient, ({ caller, body, req }) => s.apiClients.create(caller, body, s.tokenUrl(req)));
  registerEndpoint(app, apiClientsApi.deleteKey, ({ caller, query }) => s.apiClients.removeKey(caller, query.clientId, query.keyId));
  registerEndpoint(app, apiClientsApi.deleteApiClient, ({ caller, query }) => s.apiClients.remove(caller, query.clientId));
  registerEndpoint(app, apiClientsApi.getApiClient, ({ caller, query }) => s.apiClients.get(caller, query.clientId));
  registerEndpoint(app, apiClientsApi.grantUrl, async ({ caller, query, req }) => {
    // Only for a client of the caller's team.
    await s.grants.list(caller, query.clientId);
    return s.grants.url(s.origin(req), query.clientId);
  });
  registerEndpoint(app, apiClientsApi.grantRecord, ({ caller, body }) => s.grants.grant(caller, body.clientId, body.appIds));
  registerEndpoint(app, apiClientsApi.grantableResources, ({ caller, query }) => s.grants.grantable(caller, query.clientId));
  registerEndpoint(app, apiClientsApi.grantedResources, ({ caller, query }) => s.grants.list(caller, query.clientId));
  registerEndpoint(app, apiClientsApi.createKeyPair, ({ caller, body, req }) => s.apiClients.addKey(caller, body.clientId, s.tokenUrl(req)));
  registerEndpoint(app, apiClientsApi.listApiClients, ({ caller, query }) => s.apiClients.list(caller, query));
  registerEndpoint(app, apiClientsApi.getPublicKey, ({ caller, query }) => s.apiClients.publicKey(caller, query.clientId, query.keyId));
  registerEndpoint(app, apiClientsApi.revokeGrant, ({ caller, query }) => s.grants.revoke(caller, query.clientId, query.appId));
  registerEndpoint(app, apiClientsApi.updateApiClient, ({ caller, body }) => s.apiClients.update(caller, body));
}
