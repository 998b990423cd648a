import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

/** An app with 10 and then 11 released, and a rollback of 11 requested. */
async function rollbackRequested(holder: TestUser, member: TestUser = holder) {
  const { appId } = await newApp(holder);
  await released(t, holder, op, appId, 10);
  const v2 = await released(t, holder, op, appId, 11);
  const res = await member.call(versionApi.rollback, { body: { appId, versionId: v2.versionId, reason: 'Crashes on start' } });
  expect(res.statusCode, res.body).toBe(200);
  return { appId, versionId: v2.versionId, taskId: await openTaskOf(t, v2.versionId) };
}

async function openQueue(): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = (await op.call(versionApi.reviewTaskQueue, { body: { pageSize: 100, ...(cursor ? { cursor } : {}) } })).json();
    ids.push(...page.items.map((i: { taskId: string }) => i.taskId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

describe('withdrawing a rollback request (DELETE /version/rollback)', () => {
  it('withdraws the open task: on shelf as before, history and audit tell, the reviewer no longer sees it', async () => {
    const u = await TestUser.register(t);
    const r = await rollbackRequested(u);
    expect(await openQueue()).toContain(r.taskId);

    const res = await u.call(versionApi.rollbackCancel, { query: { appId: r.appId, versionId: r.versionId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toMatchObject({ versionId: r.versionId, releaseState: 0, rollbackPending: false, allowedActions: ['requestShelfOff', 'requestRollback'] });
    expect((await u.call(versionApi.lastOnShelf, { query: { appId: r.appId } })).json().version.versionId).toBe(r.versionId);

    const task = (await sql(`select state, decided_at from review_tasks where id = $1`, [r.taskId])).rows[0] as { state: string; decided_at: unknown };
    expect(task.state).toBe('withdrawn');
    expect(task.decided_at).not.toBeNull();
    expect(await openQueue()).not.toContain(r.taskId);
    // The reviewer cannot decide a withdrawn task any more.
    const late = await op.call(versionApi.submitReview, { body: { taskId: r.taskId, decision: 'approve' } });
    expect(late.statusCode).toBe(409);

    const events = (await u.call(versionApi.historyVersion, { query: { appId: r.appId, versionId: r.versionId } })).json().events;
    expect(events.at(-1)).toMatchObject({ action: 'cancelRollback', fromState: 0, toState: 0, actorKind: 'user', actorId: u.userId });
    const audit = await sql(`select action, actor_id from audit_events where target_id = $1 order by at, id`, [r.versionId]);
    expect((audit.rows as Array<{ action: string; actor_id: string }>).at(-1)).toEqual({ action: 'version.cancelRollback', actor_id: u.userId });

    // A new request can be made afterwards.
    expect((await u.call(versionApi.rollback, { body: { appId: r.appId, versionId: r.versionId, reason: 'Still crashes' } })).json().version.rollbackPending).toBe(true);
  });

  it('is refused with 409 naming the state when no rollback is pending, in both languages', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    await released(t, u, op, appId, 10);
    const v2 = await released(t, u, op, appId, 11);
    const en = await u.call(versionApi.rollbackCancel, { query: { appId, versionId: v2.versionId } });
    expect(en.statusCode).toBe(409);
    expect(en.json().ret.msg).toBe('There is no rollback request under review to withdraw: the version is on shelf (releaseState 0)');
    const zh = await u.call(versionApi.rollbackCancel, { headers: { 'x-lang': 'zh' }, query: { appId, versionId: v2.versionId } });
    expect(zh.json().ret.msg).toBe('没有待审核的回退申请可以撤回：版本当前状态为「已上架」（releaseState 0）');
    // A pending removal is not a rollback.
    await u.call(versionApi.shelfOff, { body: { appId, versionId: v2.versionId, reason: 'Retiring' } });
    const shelfOff = await u.call(versionApi.rollbackCancel, { query: { appId, versionId: v2.versionId } });
    expect(shelfOff.statusCode).toBe(409);
    expect(shelfOff.json().ret.msg).toContain('(releaseState 6)');
    expect(await openTaskOf(t, v2.versionId)).toBeTruthy();
    // Nothing was written for the refusals.
    const events = (await u.call(versionApi.historyVersion, { query: { appId, versionId: v2.versionId } })).json().events;
    expect(events.map((e: { action: string }) => e.action)).not.toContain('cancelRollback');
  });

  it('404s another team and 403s a member without the release permission', async () => {
    const { holder, member } = await teamWithMember(t, ['development']);
    const r = await rollbackRequested(holder);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(versionApi.rollbackCancel, { query: { appId: r.appId, versionId: r.versionId } })).statusCode).toBe(404);
    expect((await member.call(versionApi.rollbackCancel, { query: { appId: r.appId, versionId: r.versionId } })).statusCode).toBe(403);
    expect((await holder.call(versionApi.getVersion, { query: { appId: r.appId, versionId: r.versionId } })).json().version.rollbackPending).toBe(true);
    expect(await openQueue()).toContain(r.taskId);
  });
});
