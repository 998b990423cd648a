import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function membersRoleListRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.membersRoleList, ({ caller, query }) => s.members.list(caller, query));
}
