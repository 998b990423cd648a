import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

/** Calls without an account: the store's pages and what devices fetch by link. */
export function publicRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.login, ({ req, reply, body }) => s.auth.login(req, reply, body));
  registerEndpoint(app, authApi.register, ({ req, reply, body }) => s.auth.register(req, reply, body));
}
