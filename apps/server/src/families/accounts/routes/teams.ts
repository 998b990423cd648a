import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function teamRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.teamList, ({ caller }) => s.teams.list(caller));
  registerEndpoint(app, teamApi.switchTeam, ({ req, reply, caller, body }) => s.teams.switchTo(req, reply, caller, body.teamId));
  registerEndpoint(app, teamApi.createMainUser, async ({ req, caller, body }) => ({ team: await s.teams.createCompanyTeam(req, caller, body) }));
}
