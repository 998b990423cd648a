import type { FastifyInstance } from 'fastify';
import { apiClientsApi } from '@wharf/contract';
import { registerEndpoint, sendTrusted } from '../../../platform/http/register';
import type { ApiClientsServices } from './context';

/** Calls without an account: the Connect API's token call. */
export function publicRoutes(app: FastifyInstance, s: ApiClientsServices): void {
  // A CI job's first call: the answer is built from a string, a number and a literal, typed
  // against the contract, so it is not checked again per request.
  registerEndpoint(app, apiClientsApi.obtainToken, async ({ body, reply }) => sendTrusted(reply, apiClientsApi.obtainToken, await s.apiClients.token(body.client_id, body.client_secret)));
}
