import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function deleteRoleRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.deleteRole, async ({ caller, params }) => {
    await s.roles.remove(caller, params.roleId);
    return {};
  });
}
