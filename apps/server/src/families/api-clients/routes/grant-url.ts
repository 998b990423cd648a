import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function grantUrlRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.grantUrl, async ({ caller, query, req }) => {
    // Only for a client of the caller's team.
    await s.grants.list(caller, query.clientId);
    return s.grants.url(s.origin(req), query.clientId);
  });
}
