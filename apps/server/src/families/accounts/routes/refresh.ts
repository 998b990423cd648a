import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function refreshRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.refresh, ({ req, reply, caller }) => s.auth.refresh(req, reply, caller));
}
