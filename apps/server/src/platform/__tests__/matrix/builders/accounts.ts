import { operatorApi, teamApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../../harness';
import { invitationToken } from '../../../../harness/scenarios';
import type { Builders } from '../types';

async function resetToken(t: TestApp, email: string): Promise<string> {
  const rows = (await t.deps.database.executeSql(`select text from mail_outbox where "to" = $1 and kind = 'password-reset' order by created_at desc, id desc`, [email])).rows as Array<{ text: string }>;
  const m = /#\/password\/reset\?token=([\w-]+)/.exec(rows[0]?.text ?? '');
  if (!m) throw new Error(`no reset link mailed to ${email}`);
  return m[1]!;
}

const OWN_SESSION = "acts on the caller's own session only";

/** Sign-in, sessions, teams, members, roles and operators. */
export function accountsBuilders(): Builders {
  let loggingOut: TestUser;
  let refreshing: TestUser;
  let invitee: TestUser;
  let founder: TestUser;
  return {
    'auth.login': {
      build: async (s) => {
        const u = await s.fresh.user();
        return { body: { email: u.email, password: u.password } };
      },
    },
    'auth.register': { build: () => ({ body: { email: `matrix-${Math.random().toString(36).slice(2)}@example.com`, password: 'correct horse battery', displayName: 'Matrix' } }) },
    // A's holder's address: the answer must be the same as for any address and show nothing.
    'auth.requestPasswordReset': { build: (s) => ({ body: { email: s.a.holder.email } }) },
    'auth.resetPassword': {
      build: async (s) => {
        const u = await s.fresh.user();
        await s.t.app.inject({ method: 'POST', url: '/agc/edge/oauth2/v1/password/reset-request', payload: { email: u.email } });
        return { body: { token: await resetToken(s.t, u.email), password: 'a brand new password' } };
      },
    },
    'auth.logout': {
      build: async (s) => {
        loggingOut = await s.fresh.user();
        return {};
      },
      caller: () => loggingOut,
      noCrossTeam: OWN_SESSION,
    },
    'auth.refresh': {
      build: async (s) => {
        refreshing = await s.fresh.user();
        return {};
      },
      caller: () => refreshing,
      noCrossTeam: OWN_SESSION,
    },
    'auth.userInfo': { build: () => ({}) },

    'team.acceptInvitation': {
      build: async (s) => {
        invitee = await s.fresh.user();
        const res = await s.a.holder.call(teamApi.createSubUser, { body: { email: invitee.email, roles: ['development'] } });
        if (res.statusCode !== 200) throw new Error(res.body);
        return { body: { token: await invitationToken(s.t, invitee.email) } };
      },
      caller: () => invitee,
    },
    'team.createMainUser': {
      build: async (s) => {
        founder = await s.fresh.user();
        return { body: { name: 'Matrix company' } };
      },
      caller: () => founder,
    },
    'team.switchTeam': { build: (s) => ({ body: { teamId: s.a.teamId } }) },
    'team.teamList': { build: () => ({}) },
    'team.auditEvents': { build: () => ({ query: { withTotal: 'true', pageSize: 100 } }) },
    'team.createRole': { build: () => ({ body: { name: `Matrix role ${Math.random().toString(36).slice(2, 8)}`, permissions: ['app.read'] } }) },
    'team.createSubUser': { build: () => ({ body: { email: `matrix-invited-${Math.random().toString(36).slice(2)}@example.com`, roles: ['development'] } }) },
    'team.deleteRole': { build: async (s) => ({ params: { roleId: await s.fresh.role() } }) },
    'team.getInvitation': {
      build: async (s) => {
        const { email } = await s.fresh.invitation();
        return { query: { token: await invitationToken(s.t, email) } };
      },
    },
    'team.invitationList': { build: () => ({}) },
    'team.membersRoleList': { build: () => ({ query: { withTotal: 'true', pageSize: 100 } }) },
    'team.removeMember': { build: async (s) => ({ params: { userId: (await s.fresh.member()).userId } }) },
    'team.revokeInvitation': { build: async (s) => ({ params: { invitationId: (await s.fresh.invitation()).invitationId } }) },
    'team.roleList': { build: () => ({}) },
    'team.userPermission': { build: () => ({}) },
    'team.updateMember': { build: (s) => ({ params: { userId: s.a.member.userId }, body: { roles: ['development'] } }) },
    'team.updateRole': { build: (s) => ({ params: { roleId: s.a.roleId }, body: { name: s.marker, permissions: ['app.read'] } }) },

    'operator.grant': { build: async (s) => ({ body: { email: (await s.fresh.user()).email, role: 'reviewer' } }) },
    'operator.list': { build: () => ({}) },
    'operator.revoke': {
      build: async (s) => {
        const u = await s.fresh.user();
        const res = await s.op.call(operatorApi.grantOperatorRole, { body: { email: u.email, role: 'reviewer' } });
        if (res.statusCode !== 200) throw new Error(res.body);
        return { params: { userId: u.userId, role: 'reviewer' } };
      },
    },
  };
}
