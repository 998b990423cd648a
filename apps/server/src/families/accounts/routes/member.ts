import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function memberRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.updateMember, async ({ caller, params, body }) => ({ member: await s.members.update(caller, params.userId, body) }));
  registerEndpoint(app, teamApi.removeMember, async ({ caller, params }) => {
    await s.members.remove(caller, params.userId);
    return {};
  });
}
