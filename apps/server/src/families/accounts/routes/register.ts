import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function registerRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.register, ({ req, reply, body }) => s.auth.register(req, reply, body));
}
