import type { FastifyInstance } from 'fastify';
import { authApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function userInfoRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, authApi.userInfo, ({ caller }) => s.teams.userInfo(caller));
}
