import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function logoutRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.logout, async ({ req, reply, caller }) => {
    await s.auth.logout(req, reply, caller);
    return {};
  });
}
