import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function publicKeyRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.getPublicKey, ({ caller, query }) => s.apiClients.publicKey(caller, query.clientId, query.keyId));
}
