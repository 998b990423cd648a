import type { FastifyInstance } from 'fastify';
import { teamApi, authApi } from '@wharf/contract';
import { registerEndpoint, prepareAnswer, sendPrepared } from '../../../platform/http/register';
import type { AccountsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: AccountsServices): void {
  registerEndpoint(app, teamApi.auditEventList, ({ caller, query }) => s.auditLog.list(caller, query));
  registerEndpoint(app, teamApi.createRole, async ({ caller, body }) => ({ role: await s.roles.create(caller, body) }));
  registerEndpoint(app, teamApi.createSubUser, async ({ req, caller, body }) => ({ invitation: await s.members.invite(req, caller, body) }));
  registerEndpoint(app, teamApi.deleteRole, async ({ caller, params }) => {
    await s.roles.remove(caller, params.roleId);
    return {};
  });
  registerEndpoint(app, authApi.logout, async ({ req, reply, caller }) => {
    await s.auth.logout(req, reply, caller);
    return {};
  });
  registerEndpoint(app, teamApi.membersRoleList, ({ caller, query }) => s.members.list(caller, query));
  registerEndpoint(app, authApi.refresh, ({ req, reply, caller }) => s.auth.refresh(req, reply, caller));
  registerEndpoint(app, teamApi.roleList, async ({ caller }) => ({ roles: await s.roles.list(caller.teamId!) }));
  registerEndpoint(app, teamApi.updateRole, async ({ caller, params, body }) => ({ role: await s.roles.update(caller, params.roleId, body) }));
  registerEndpoint(app, authApi.userInfo, ({ caller }) => s.teams.userInfo(caller));
  registerEndpoint(app, teamApi.userPermission, async ({ caller, reply }) =>
    // One answer object per cached session: serialised once (see TeamsService.userPermission).
    sendPrepared(reply, prepareAnswer(teamApi.userPermission, await s.teams.userPermission(caller))),
  );
}
