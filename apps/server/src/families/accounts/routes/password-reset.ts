import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function passwordResetRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.requestPasswordReset, async ({ req, body }) => {
    await s.auth.requestReset(req, body);
    return {};
  });
  registerEndpoint(app, authApi.resetPassword, async ({ req, body }) => {
    await s.auth.resetPassword(req, body);
    return {};
  });
}
