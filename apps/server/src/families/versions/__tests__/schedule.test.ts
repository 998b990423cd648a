import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, stateOf } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

async function approvedFor(u: TestUser, releaseAt: Date, versionCode = 10, appId?: string) {
  const id = appId ?? (await newApp(u)).appId;
  const v = await completeVersion(t, u, id, versionCode);
  await u.call(versionApi.submitVersion, { body: { appId: id, versionId: v.versionId } });
  const res = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve', releaseAt: releaseAt.toISOString() } });
  expect(res.statusCode).toBe(200);
  return { appId: id, versionId: v.versionId };
}

const releases = async (versionId: string) =>
  ((await t.deps.database.executeSql(`select count(*)::int as n from version_events where version_id = $1 and action = 'release'`, [versionId])).rows[0] as { n: number }).n;

describe('scheduled release', () => {
  it('goes on shelf exactly at its time, not a moment before', async () => {
    await op.login();
    const u = await TestUser.register(t);
    const at = new Date(t.clock.now().getTime() + 60_000);
    const { appId, versionId } = await approvedFor(u, at);
    expect(await stateOf(u, appId, versionId)).toBe(3);
    t.clock.set(at.getTime() - 1);
    await t.deps.dueActions.runDue();
    expect(await stateOf(u, appId, versionId)).toBe(3);
    t.clock.set(at);
    await t.deps.dueActions.runDue();
    const v = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version;
    expect(v).toMatchObject({ releaseState: 0, onShelfAt: at.toISOString() });
    const last = (await u.call(versionApi.historyVersion, { query: { appId, versionId } })).json().events.at(-1);
    expect(last).toMatchObject({ action: 'release', fromState: 3, toState: 0, actorKind: 'system' });
  });

  it('follows a changed time and supersedes the version on shelf when it fires', async () => {
    await op.login();
    const u = await TestUser.register(t);
    const { appId, versionId: v1 } = await approvedFor(u, new Date(t.clock.now().getTime() + 1000));
    t.clock.advance(1000);
    await t.deps.dueActions.runDue();
    const first = new Date(t.clock.now().getTime() + 10 * 60_000);
    const { versionId: v2 } = await approvedFor(u, first, 11, appId);
    const moved = new Date(first.getTime() + 20 * 60_000);
    expect((await u.call(versionApi.onShelfTime, { body: { appId, versionId: v2, releaseAt: moved.toISOString() } })).statusCode).toBe(200);
    t.clock.set(first);
    await t.deps.dueActions.runDue();
    await u.login();
    expect(await stateOf(u, appId, v2)).toBe(3);
    t.clock.set(moved);
    await t.deps.dueActions.runDue();
    await u.login();
    expect(await stateOf(u, appId, v2)).toBe(0);
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId: v1 } })).json().version.superseded).toBe(true);
    expect(await releases(v2)).toBe(1);
  });

  it('survives a restart: a new instance on the same database fires it, once, beside another', async () => {
    await op.login();
    const u = await TestUser.register(t);
    const at = new Date(t.clock.now().getTime() + 5 * 60_000);
    const { appId, versionId } = await approvedFor(u, at);
    // The instance that scheduled it stops; two fresh ones start on the same database.
    const restarted = await createTestApp({ database: t.deps.database, clock: t.clock });
    const beside = await createTestApp({ database: t.deps.database, clock: t.clock });
    try {
      t.clock.set(at);
      const fired = await Promise.all([restarted.deps.dueActions.runDue(), beside.deps.dueActions.runDue()]);
      expect(fired.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      await Promise.all([restarted.deps.dueActions.runDue(), beside.deps.dueActions.runDue(), t.deps.dueActions.runDue()]);
      expect(await releases(versionId)).toBe(1);
      await u.login();
      expect(await stateOf(u, appId, versionId)).toBe(0);
    } finally {
      await restarted.app.close();
      await beside.app.close();
    }
  });
});
