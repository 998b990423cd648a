import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function createRoleRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.createRole, async ({ caller, body }) => ({ role: await s.roles.create(caller, body) }));
}
