import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function userPermissionRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.userPermission, ({ caller }) => s.teams.userPermission(caller));
}
