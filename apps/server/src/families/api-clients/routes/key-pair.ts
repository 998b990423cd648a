import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

export function createKeyPairRoute(app: FastifyInstance, s: ApiClientsServices): void {
  registerEndpoint(app, apiClientsApi.createKeyPair, ({ caller, body, req }) => s.apiClients.addKey(caller, body.clientId, s.tokenUrl(req)));
}
