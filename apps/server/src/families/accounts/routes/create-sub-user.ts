import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function createSubUserRoute(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.createSubUser, async ({ req, caller, body }) => ({ invitation: await s.members.invite(req, caller, body) }));
}
