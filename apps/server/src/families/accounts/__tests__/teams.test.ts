import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PERMISSIONS, teamApi } from '@wharf/contract';
import { auditEvents } from '../../../platform/db/tables';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { memberships } from '../tables';
import { invitationToken, teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('permissions of a member', () => {
  it('gives the account holder every permission', async () => {
    const u = await TestUser.register(t);
    const res = (await u.call(teamApi.userPermission)).json();
    expect(Object.values(res.userPermission).every((v) => v === 'Y')).toBe(true);
    expect(Object.keys(res.userPermission)).toHaveLength(PERMISSIONS.length);
    expect(res).toMatchObject({ isTeamLeader: true, teamUserType: 1, userRoles: [{ key: 'accountHolder', builtIn: true }] });
  });

  it('gives Operations its own set and refuses it member management', async () => {
    const { member } = await teamWithMember(t, ['operations']);
    const perms = (await member.call(teamApi.userPermission)).json().userPermission;
    expect(perms['growth.manage']).toBe('Y');
    expect(perms['cert.manage']).toBe('N');
    expect(perms['team.members.manage']).toBe('N');
    const refused = await member.call(teamApi.createSubUser, { body: { email: TestUser.uniqueEmail(), roles: ['development'] } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ret).toEqual({ code: 100403, msg: 'You do not have permission to do this' });
    expect((await member.call(teamApi.membersRoleList)).statusCode).toBe(403);
  });

  it('needs the team header, and membership of that team', async () => {
    const a = await TestUser.register(t);
    const b = await TestUser.register(t);
    const none = await a.call(teamApi.userPermission, { teamId: null });
    expect(none.statusCode).toBe(403);
    expect(none.json().ret.code).toBe(100407);
    const other = await a.call(teamApi.userPermission, { teamId: b.teamId });
    expect(other.statusCode).toBe(403);
    expect(other.json().ret.code).toBe(100408);
    expect(other.body).not.toContain(b.email);
    const garbage = await a.call(teamApi.userPermission, { teamId: "1' or 1=1 --" });
    expect(garbage.json().ret.code).toBe(100407);
  });

  it('stops an expired membership at its expiry', async () => {
    const expiresAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const { member } = await teamWithMember(t, ['development'], { expiresAt });
    expect((await member.call(teamApi.userPermission)).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    await member.login();
    member.teamId = (await member.call(teamApi.teamList)).json().items.find((x: { roles: string[] }) => x.roles.includes('development')).teamId;
    const res = await member.call(teamApi.userPermission);
    expect(res.statusCode).toBe(403);
    expect(res.json().ret.code).toBe(100408);
  });
});

describe('invitations', () => {
  it('invites by email, and the invitee joins with the link', async () => {
    const holder = await TestUser.register(t, { displayName: 'Ann' });
    const email = TestUser.uniqueEmail('invitee');
    const res = await holder.call(teamApi.createSubUser, { body: { email, roles: ['operations'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation).toMatchObject({ email, roles: ['operations'], invitedBy: 'Ann' });
    const token = await invitationToken(t, email);
    const described = (await t.app.inject({ url: teamApi.getInvitation.fullPath, query: { token } })).json();
    expect(described).toMatchObject({ teamName: 'Ann', invitedBy: 'Ann', email, roles: ['operations'], state: 'open', accountExists: false });
    const invitee = await TestUser.register(t, { email });
    t.clock.advance(1000);
    expect((await invitee.call(teamApi.acceptInvitation, { body: { token } })).json().teamId).toBe(holder.teamId);
    const list = (await holder.call(teamApi.membersRoleList, { query: { withTotal: 'true' } })).json();
    expect(list.total).toBe(2);
    expect(list.items.map((m: { email: string }) => m.email)).toEqual([holder.email, email]);
    expect((await t.app.inject({ url: teamApi.getInvitation.fullPath, query: { token } })).json().state).toBe('accepted');
    const audit = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.teamId, holder.teamId), eq(auditEvents.action, 'member.invite')));
    expect(audit).toHaveLength(1);
  });

  it('refuses an invitation accepted by another account, twice, or after it expired', async () => {
    const holder = await TestUser.register(t);
    const email = TestUser.uniqueEmail();
    await holder.call(teamApi.createSubUser, { body: { email, roles: ['finance'] } });
    const token = await invitationToken(t, email);
    const stranger = await TestUser.register(t);
    const wrong = await stranger.call(teamApi.acceptInvitation, { body: { token } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().ret.msg).toContain(email);
    t.clock.advance(8 * 86_400_000);
    const invitee = await TestUser.register(t, { email });
    const late = await invitee.call(teamApi.acceptInvitation, { body: { token } });
    expect(late.statusCode).toBe(409);
  });

  it('lists and withdraws open invitations', async () => {
    const holder = await TestUser.register(t);
    const email = TestUser.uniqueEmail();
    const inv = (await holder.call(teamApi.createSubUser, { body: { email, roles: ['legal', 'administrator'] } })).json().invitation;
    expect((await holder.call(teamApi.invitationList)).json().items.map((i: { email: string }) => i.email)).toEqual([email]);
    expect((await holder.call(teamApi.revokeInvitation, { params: { invitationId: inv.invitationId } })).statusCode).toBe(200);
    expect((await holder.call(teamApi.invitationList)).json().items).toEqual([]);
    expect((await holder.call(teamApi.revokeInvitation, { params: { invitationId: inv.invitationId } })).statusCode).toBe(404);
  });

  it('applies the role rules: no account holder, Legal only from the holder and with an admin role, app scope for App administrators', async () => {
    const { holder, member: admin } = await teamWithMember(t, ['administrator']);
    const invite = (by: TestUser, body: object) => by.call(teamApi.createSubUser, { body: { email: TestUser.uniqueEmail(), ...body } });
    expect((await invite(holder, { roles: ['accountHolder'] })).statusCode).toBe(400);
    expect((await invite(holder, { roles: ['legal'] })).json().ret.msg).toContain('Legal must be combined');
    expect((await invite(admin, { roles: ['legal', 'administrator'] })).json().ret.msg).toContain('Only the account holder');
    expect((await invite(holder, { roles: ['appAdministrator'] })).json().ret.msg).toContain('at least one app');
    expect((await invite(holder, { roles: ['appAdministrator'], appIds: ['app-1'] })).statusCode).toBe(200);
    expect((await invite(admin, { roles: ['development'], expiresAt: '2020-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await invite(holder, { roles: ['custom:00000000-0000-0000-0000-000000000000'] })).statusCode).toBe(400);
  });
});

describe('members', () => {
  it('changes roles and removes members, never the account holder', async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const changed = await holder.call(teamApi.updateMember, { params: { userId: member.userId }, body: { roles: ['development'] } });
    expect(changed.json().member.roles).toEqual(['development']);
    expect((await member.call(teamApi.userPermission)).json().userPermission['cert.manage']).toBe('Y');
    expect((await holder.call(teamApi.updateMember, { params: { userId: holder.userId }, body: { roles: ['operations'] } })).statusCode).toBe(403);
    expect((await holder.call(teamApi.removeMember, { params: { userId: holder.userId } })).statusCode).toBe(403);
    expect((await holder.call(teamApi.removeMember, { params: { userId: member.userId } })).statusCode).toBe(200);
    expect((await member.call(teamApi.userPermission)).statusCode).toBe(403);
    const events = await t.deps.db.select().from(auditEvents).where(and(eq(auditEvents.teamId, holder.teamId), eq(auditEvents.targetId, member.userId)));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['member.join', 'member.rolesChanged', 'member.remove']));
  });

  it('answers 404 for a member of another team', async () => {
    const a = await TestUser.register(t);
    const { member } = await teamWithMember(t, ['operations']);
    expect((await a.call(teamApi.removeMember, { params: { userId: member.userId } })).statusCode).toBe(404);
    expect((await a.call(teamApi.updateMember, { params: { userId: member.userId }, body: { roles: ['finance'] } })).statusCode).toBe(404);
  });

  it('pages members with a cursor and searches them', async () => {
    const holder = await TestUser.register(t, { displayName: 'Pager' });
    const emails: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      t.clock.advance(1000);
      const u = await TestUser.register(t, { displayName: `Person ${i}` });
      await holder.call(teamApi.createSubUser, { body: { email: u.email, roles: ['finance'] } });
      await u.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, u.email) } });
      emails.push(u.email);
    }
    const first = (await holder.call(teamApi.membersRoleList, { query: { pageSize: 2 } })).json();
    expect(first.items).toHaveLength(2);
    const second = (await holder.call(teamApi.membersRoleList, { query: { pageSize: 2, cursor: first.nextCursor } })).json();
    const third = (await holder.call(teamApi.membersRoleList, { query: { pageSize: 2, cursor: second.nextCursor } })).json();
    expect([...first.items, ...second.items, ...third.items].map((m: { email: string }) => m.email)).toEqual([holder.email, ...emails]);
    expect(third.nextCursor).toBeNull();
    const found = (await holder.call(teamApi.membersRoleList, { query: { search: 'person 2', withTotal: 'true' } })).json();
    expect(found.total).toBe(1);
    expect((await holder.call(teamApi.membersRoleList, { query: { cursor: 'not-a-cursor' } })).statusCode).toBe(400);
  });
});

describe('custom roles', () => {
  it('creates, assigns, edits and deletes a custom role', async () => {
    const holder = await TestUser.register(t);
    const created = await holder.call(teamApi.createRole, { body: { name: 'Release manager', permissions: ['app.read', 'version.release'] } });
    expect(created.statusCode).toBe(200);
    const key = created.json().role.key;
    expect((await holder.call(teamApi.createRole, { body: { name: 'release MANAGER', permissions: ['app.read'] } })).statusCode).toBe(409);
    expect((await holder.call(teamApi.createRole, { body: { name: 'Finance', permissions: ['app.read'] } })).statusCode).toBe(409);
    const u = await TestUser.register(t);
    await holder.call(teamApi.createSubUser, { body: { email: u.email, roles: [key] } });
    await u.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, u.email) } });
    u.teamId = holder.teamId;
    expect((await u.call(teamApi.userPermission)).json().userPermission['version.release']).toBe('Y');
    const roleId = key.slice('custom:'.length);
    expect((await u.call(teamApi.userPermission)).json().userRoles).toEqual([{ key, name: 'Release manager', builtIn: false }]);
    await holder.call(teamApi.updateRole, { params: { roleId }, body: { name: 'Release lead', permissions: ['app.read'] } });
    // The member's kept answer goes with the change: new permissions and the new name at once.
    const after = (await u.call(teamApi.userPermission)).json();
    expect(after.userPermission['version.release']).toBe('N');
    expect(after.userRoles).toEqual([{ key, name: 'Release lead', builtIn: false }]);
    const roles = (await holder.call(teamApi.roleList)).json().roles;
    expect(roles.find((r: { key: string }) => r.key === key)).toMatchObject({ memberCount: 1, builtIn: false });
    expect((await holder.call(teamApi.deleteRole, { params: { roleId } })).statusCode).toBe(409);
    await t.deps.db.delete(memberships).where(and(eq(memberships.teamId, holder.teamId), eq(memberships.userId, u.userId)));
    expect((await holder.call(teamApi.deleteRole, { params: { roleId } })).statusCode).toBe(200);
  });
});

describe('teams', () => {
  it('creates a company team, lists both, and switches between them', async () => {
    const u = await TestUser.register(t, { countryCode: 'CN' });
    const created = (await u.call(teamApi.createMainUser, { body: { name: 'Acme', countryCode: 'DE' } })).json().team;
    expect(created).toMatchObject({ name: 'Acme', zone: 'europe', siteId: 7, userType: 2, roles: ['accountHolder'] });
    const list = (await u.call(teamApi.teamList)).json();
    expect(list.items).toHaveLength(2);
    expect(list.currentTeamId).toBe(u.teamId);
    const switched = await u.call(teamApi.switchTeam, { body: { teamId: created.teamId } });
    expect(switched.json()).toMatchObject({ teamId: created.teamId, siteId: 7 });
    expect(u.cookies.get('agc_team_id')).toBe(created.teamId);
    expect(u.cookies.get('agc_team_siteId')).toBe('7');
    expect((await u.call(teamApi.teamList)).json().currentTeamId).toBe(created.teamId);
  });

  it('refuses switching to a team the user is not in', async () => {
    const a = await TestUser.register(t);
    const b = await TestUser.register(t);
    expect((await a.call(teamApi.switchTeam, { body: { teamId: b.teamId } })).statusCode).toBe(403);
  });

  it('caps a person at 10 teams', async () => {
    const u = await TestUser.register(t);
    for (let i = 0; i < 9; i += 1) expect((await u.call(teamApi.createMainUser, { body: { name: `T${i}` } })).statusCode).toBe(200);
    const eleventh = await u.call(teamApi.createMainUser, { body: { name: 'Too many' } });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().ret.msg).toContain('10 teams');
  });
});
