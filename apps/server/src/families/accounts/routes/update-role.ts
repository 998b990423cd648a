import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function updateRoleRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.updateRole, async ({ caller, params, body }) => ({ role: await s.roles.update(caller, params.roleId, body) }));
}
