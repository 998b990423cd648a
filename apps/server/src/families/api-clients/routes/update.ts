import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function updateApiClientRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.updateApiClient, ({ caller, body }) => s.apiClients.update(caller, body));
}
