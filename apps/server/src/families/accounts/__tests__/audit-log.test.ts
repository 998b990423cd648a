import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectApi, teamApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function createProject(u: TestUser, name: string) {
  const res = await u.call(projectApi.createProject, { body: { name } });
  expect(res.statusCode).toBe(200);
  t.clock.advance(1000);
}

describe('audit log', () => {
  it('lists who did what, when and from where, newest first, a page at a time', async () => {
    const u = await TestUser.register(t, { displayName: 'Auditor' });
    await createProject(u, 'First');
    await createProject(u, 'Second');
    await createProject(u, 'Third');
    const first = await u.call(teamApi.auditEventList, { query: { pageSize: 2, action: 'project.create', withTotal: 'true' } });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(3);
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0]).toMatchObject({ action: 'project.create', actorKind: 'user', actorName: 'Auditor', actorEmail: u.email, ip: '127.0.0.1' });
    expect(page1.items[0].at > page1.items[1].at).toBe(true);
    const page2 = (await u.call(teamApi.auditEventList, { query: { pageSize: 2, action: 'project.create', cursor: page1.nextCursor } })).json();
    expect(page2.items).toHaveLength(1);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.items, ...page2.items].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('filters by time window', async () => {
    const u = await TestUser.register(t);
    const before = t.clock.now().toISOString();
    t.clock.advance(1000);
    await createProject(u, 'Later');
    const since = (await u.call(teamApi.auditEventList, { query: { from: new Date(t.clock.now().getTime() - 1500).toISOString(), action: 'project.create' } })).json();
    expect(since.items.map((e: { data: { name?: string } }) => e.data.name ?? null)).toHaveLength(1);
    const untilBefore = (await u.call(teamApi.auditEventList, { query: { to: before, action: 'project.create' } })).json();
    expect(untilBefore.items).toHaveLength(0);
  });

  it("never shows another team's events", async () => {
    const a = await TestUser.register(t);
    const b = await TestUser.register(t);
    await createProject(a, 'Secret');
    const seen = (await b.call(teamApi.auditEventList, { query: { action: 'project.create', withTotal: 'true' } })).json();
    expect(seen.total).toBe(0);
    expect(JSON.stringify(seen)).not.toContain('Secret');
  });

  it('is refused to a member without the audit permission and without a session', async () => {
    const { member } = await teamWithMember(t, ['operations']);
    expect((await member.call(teamApi.auditEventList)).statusCode).toBe(403);
    const { member: admin } = await teamWithMember(t, ['administrator']);
    expect((await admin.call(teamApi.auditEventList)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ url: teamApi.auditEventList.fullPath });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers bad filters and cursors with 400, never 500', async () => {
    const u = await TestUser.register(t);
    const bad: Array<Record<string, string>> = [{ from: 'yesterday' }, { actorId: 'nobody' }, { cursor: 'not-a-cursor' }, { pageSize: '1000' }];
    for (const query of bad) {
      const res = await u.call(teamApi.auditEventList, { query });
      expect(res.statusCode).toBe(400);
      expect(res.json().ret.msg).toMatch(/Invalid input/);
    }
  });
});
