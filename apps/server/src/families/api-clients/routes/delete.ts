import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function deleteApiClientRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.deleteApiClient, ({ caller, query }) => s.apiClients.remove(caller, query.clientId));
}
