import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function createApiClientRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.createApiClient, ({ caller, body, req }) => s.apiClients.create(caller, body, s.tokenUrl(req)));
}
