import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function loginRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.login, ({ req, reply, body }) => s.auth.login(req, reply, body));
}
