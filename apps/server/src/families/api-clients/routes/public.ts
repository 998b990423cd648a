import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

/** Calls without an account: the store's pages and what devices fetch by link. */
export function publicRoutes(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.obtainToken, ({ body }) => s.apiClients.token(body.client_id, body.client_secret));
}
