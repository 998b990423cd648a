import type { FastifyInstance } from 'fastify';
import { teamApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AccountsServices } from './context';

export function invitationRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.invitationList, async ({ caller }) => ({ items: await s.members.invitations(caller) }));
  registerEndpoint(app, teamApi.revokeInvitation, async ({ caller, params }) => {
    await s.members.revoke(caller, params.invitationId);
    return {};
  });
  registerEndpoint(app, teamApi.getInvitation, ({ query }) => s.members.describe(query.token));
  registerEndpoint(app, teamApi.acceptInvitation, async ({ req, caller, body }) => ({ teamId: await s.members.accept(req, caller, body.token) }));
}
