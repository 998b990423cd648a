import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testingApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { DAY, group, invitation } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

describe('test-user groups', () => {
  it('creates, checks, renames, lists and deletes groups, with an audit event each', async () => {
    const g = await group(u, 'Friends');
    expect(g.memberCount).toBe(0);
    expect((await u.call(testingApi.groupCheck, { query: { name: 'friends' } })).json()).toMatchObject({ available: false, reason: 'taken' });
    expect((await u.call(testingApi.groupCheck, { query: { name: 'x'.repeat(51) } })).json()).toMatchObject({ available: false, reason: 'invalid' });
    expect((await u.call(testingApi.groupCheck, { query: { name: 'Family' } })).json()).toMatchObject({ available: true, reason: null });
    const dup = await u.call(testingApi.createGroup, { body: { name: 'FRIENDS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().ret.msg).toContain('FRIENDS');
    const renamed = await u.call(testingApi.renameGroup, { body: { groupId: g.groupId, name: 'Close friends' } });
    expect(renamed.json().group.name).toBe('Close friends');
    const list = await u.call(testingApi.groupList, { query: { withTotal: 'true' } });
    expect(list.json().items.map((x: { name: string }) => x.name)).toContain('Close friends');
    expect(list.json().total).toBeGreaterThanOrEqual(1);
    expect((await u.call(testingApi.deleteGroup, { query: { groupId: g.groupId } })).statusCode).toBe(200);
    expect((await u.call(testingApi.renameGroup, { body: { groupId: g.groupId, name: 'Gone' } })).statusCode).toBe(404);
    const { rows } = await sql(`select action from audit_events where target_id = $1 order by at, action`, [g.groupId]);
    expect((rows as Array<{ action: string }>).map((r) => r.action).sort()).toEqual(['testGroup.create', 'testGroup.delete', 'testGroup.rename']);
  });

  it('refuses bad input with the field named', async () => {
    const empty = await u.call(testingApi.createGroup, { body: { name: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().ret.msg).toContain('name');
    expect((await u.call(testingApi.createGroup, { body: { name: 'x'.repeat(51) } })).statusCode).toBe(400);
    expect((await u.call(testingApi.addMembers, { body: { groupId: 'nope', emails: ['a@b.co'] } })).statusCode).toBe(400);
    expect((await u.call(testingApi.groupList, { query: { cursor: 'garbage' } })).statusCode).toBe(400);
  });

  it('holds at most 300 groups per team', async () => {
    const owner = await TestUser.register(t);
    await sql(`insert into test_groups (team_id, name, created_at, updated_at) select $1, 'g' || n, now(), now() from generate_series(1, 300) n`, [owner.teamId]);
    const res = await owner.call(testingApi.createGroup, { body: { name: 'One more' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().ret.msg).toContain('300');
  });
});

describe('testers', () => {
  it('adds by email (skipping ones already there), lists and removes', async () => {
    const g = await group(u);
    const add = await u.call(testingApi.addMembers, { body: { groupId: g.groupId, emails: ['Ann@Example.com', 'bob@example.com'] } });
    expect(add.json()).toMatchObject({ added: 2, skipped: 0, group: { memberCount: 2 } });
    const again = await u.call(testingApi.addMembers, { body: { groupId: g.groupId, emails: ['ann@example.com', 'cy@example.com'] } });
    expect(again.json()).toMatchObject({ added: 1, skipped: 1, group: { memberCount: 3 } });
    const page = await u.call(testingApi.memberList, { query: { groupId: g.groupId, pageSize: 2, withTotal: 'true' } });
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBe(3);
    const rest = await u.call(testingApi.memberList, { query: { groupId: g.groupId, pageSize: 2, cursor: page.json().nextCursor } });
    const all = [...page.json().items, ...rest.json().items] as Array<{ testerId: string; email: string; source: string }>;
    expect(all.map((m) => m.email).sort()).toEqual(['ann@example.com', 'bob@example.com', 'cy@example.com']);
    const removed = await u.call(testingApi.removeMember, { query: { groupId: g.groupId, testerId: all[0]!.testerId } });
    expect(removed.json().group.memberCount).toBe(2);
    expect((await u.call(testingApi.removeMember, { query: { groupId: g.groupId, testerId: all[0]!.testerId } })).statusCode).toBe(404);
    expect((await u.call(testingApi.addMembers, { body: { groupId: g.groupId, emails: ['not an address'] } })).statusCode).toBe(400);
  });

  it('imports a CSV: bad rows refused with their line numbers, the others added', async () => {
    const g = await group(u);
    const csv = ['email,name', 'ann@example.com,Ann', '"bob@example.com","Bob, the builder"', 'nope', '', 'ann@example.com,Twice', 'cy@example.com,a,b', '"dee@example.com'].join('\n');
    const res = await u.call(testingApi.importMembers, { body: { groupId: g.groupId, csv } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 6, added: 2, skipped: 0, group: { memberCount: 2 } });
    expect(body.errors.map((e: { line: number }) => e.line)).toEqual([4, 6, 7, 8]);
    expect(body.errors[1].msg).toContain('line 2');
    const names = (await u.call(testingApi.memberList, { query: { groupId: g.groupId } })).json().items.map((m: { name: string }) => m.name);
    expect(names.sort()).toEqual(['Ann', 'Bob, the builder']);
  });

  it('imports 10,000 rows, refuses 10,001, and never lets a group pass 10,000', async () => {
    const g = await group(u);
    const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `t${i + from}@example.com`).join('\r\n');
    const tooMany = await u.call(testingApi.importMembers, { body: { groupId: g.groupId, csv: rows(10_001) } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().ret.msg).toContain('10001');
    const full = await u.call(testingApi.importMembers, { body: { groupId: g.groupId, csv: rows(10_000) } });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ rows: 10_000, added: 10_000, errors: [] });
    const over = await u.call(testingApi.addMembers, { body: { groupId: g.groupId, emails: ['one.more@example.com'] } });
    expect(over.statusCode).toBe(409);
    expect((await u.call(testingApi.memberList, { query: { groupId: g.groupId, withTotal: 'true' } })).json().total).toBe(10_000);
  });
});

describe('invitations', () => {
  it('creates a code valid 30 days with a public link, lists and expires it', async () => {
    const g = await group(u);
    const inv = await invitation(u, g.groupId, 5);
    expect(inv.code).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
    expect(inv.link).toBe(`/#/app/openTest?code=${inv.code}`);
    expect(new Date(inv.expiresAt).getTime() - t.clock.now().getTime()).toBe(30 * DAY);
    expect(inv.state).toBe('active');
    const list = await u.call(testingApi.invitationList, { query: { groupId: g.groupId } });
    expect(list.json().items).toMatchObject([{ code: inv.code, maxAdmissions: 5, admissions: 0 }]);
    const expired = await u.call(testingApi.expireInvitation, { body: { invitationId: inv.invitationId } });
    expect(expired.json().invitation.state).toBe('expired');
    expect((await u.call(testingApi.createInvitation, { body: { groupId: g.groupId, maxAdmissions: 10_001 } })).statusCode).toBe(400);
  });

  it('reads as expired once 30 days have passed', async () => {
    const g = await group(u);
    const inv = await invitation(u, g.groupId);
    t.clock.advance(30 * DAY);
    await u.login();
    const list = await u.call(testingApi.invitationList, { query: { groupId: g.groupId } });
    expect(list.json().items[0]).toMatchObject({ invitationId: inv.invitationId, state: 'expired' });
  });

  it('invites by email: listed in the group and mailed the link of an active code', async () => {
    const g = await group(u);
    const res = await u.call(testingApi.emailInvitation, { body: { groupId: g.groupId, emails: ['eve@example.com', 'fay@example.com'] } });
    expect(res.statusCode, res.body).toBe(200);
    const { invitation: inv, sent } = res.json();
    expect(sent).toBe(2);
    const { rows } = await sql(`select "to", text from mail_outbox where kind = 'test-invitation' and "to" in ('eve@example.com', 'fay@example.com')`);
    expect(rows).toHaveLength(2);
    expect((rows[0] as { text: string }).text).toContain(`#/app/openTest?code=${inv.code}`);
    const members = (await u.call(testingApi.memberList, { query: { groupId: g.groupId } })).json().items;
    expect(members.map((m: { source: string }) => m.source)).toEqual(['invitation', 'invitation']);
    // The next invitation by email reuses the active code.
    const next = await u.call(testingApi.emailInvitation, { body: { groupId: g.groupId, emails: ['gus@example.com'] } });
    expect(next.json().invitation.code).toBe(inv.code);
  });
});
