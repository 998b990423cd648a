import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function roleListRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.roleList, async ({ caller }) => ({ roles: await s.roles.list(caller.teamId!) }));
}
