import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { bucketOf } from '../phased';
import { appWithOperator, completeVersion, newApp, openTaskOf, released, stateOf } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
// Devices are answered from release facts cached per app, as in production; each batch
// of checks first lets the cache time pass, so it sees every change made before it.
const CACHE_MS = 60_000;
beforeAll(async () => {
  ({ t, op } = await appWithOperator({ DISTRIBUTION_CACHE_TTL_MS: String(CACHE_MS) }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const DAY = 24 * 3600_000;
const DEVICES = Array.from({ length: 10_000 }, (_, i) => `device-${i}`);

/** An app with v1 fully on shelf and v2 approved into a phased release starting now. */
async function phasing(percent = 10) {
  const u = await TestUser.register(t);
  const app = await newApp(u);
  const v1 = await released(t, u, op, app.appId, 10);
  const v2 = await completeVersion(t, u, app.appId, 11);
  const ref = { appId: app.appId, versionId: v2.versionId };
  expect((await u.call(versionApi.updateVersion, { body: { ...ref, releaseType: 'phased' } })).json().completeness.missing).toEqual([{ field: 'phasedRelease' }]);
  const now = t.clock.now();
  const set = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent, startAt: now.toISOString(), endAt: new Date(now.getTime() + 30 * DAY).toISOString(), description: 'Careful rollout' } });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json().phasedRelease).toMatchObject({ state: 'pending', percent });
  expect((await u.call(versionApi.submitVersion, { body: ref })).statusCode).toBe(200);
  const taskId = await openTaskOf(t, v2.versionId);
  // The reviewer sees what is asked for: the share, the period and the note to users.
  const seen = (await op.call(versionApi.reviewTaskDetail, { query: { taskId } })).json();
  expect(seen.phasedRelease).toMatchObject({ percent, startAt: now.toISOString(), endAt: new Date(now.getTime() + 30 * DAY).toISOString(), description: 'Careful rollout' });
  await op.call(versionApi.submitReview, { body: { taskId, decision: 'approve' } });
  return { u, app, v1, v2, ref };
}

/** Which version each device is offered, through the device API. */
async function offered(packageName: string, devices: readonly string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  t.clock.advance(CACHE_MS + 1);
  // Batches of concurrent checks, as devices would ask.
  for (let i = 0; i < devices.length; i += 50) {
    await Promise.all(
      devices.slice(i, i + 50).map(async (deviceId) => {
        const res = await t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName, versionCode: '1', deviceId } });
        out.set(deviceId, res.json().update?.versionId ?? null);
      }),
    );
  }
  return out;
}

const getting = (m: Map<string, string | null>, versionId: string) => new Set([...m].filter(([, v]) => v === versionId).map(([d]) => d));

describe('phased release', () => {
  it('buckets devices stably: 10% reaches about 1,000 of 10,000, 50% keeps them all, pause hides it, ROLLBACK gives everyone the previous version', async () => {
    const { u, app, v1, v2, ref } = await phasing(10);
    expect((await u.call(versionApi.phasedReleaseHistory, { query: ref })).json().phasedRelease.state).toBe('active');
    const at10 = await offered(app.packageName, DEVICES);
    const in10 = getting(at10, v2.versionId);
    expect(in10.size).toBeGreaterThanOrEqual(850);
    expect(in10.size).toBeLessThanOrEqual(1150);
    expect(getting(at10, v1.versionId).size).toBe(10_000 - in10.size);
    for (const d of in10) expect(bucketOf(app.appId, v2.versionId, d)).toBeLessThan(1000);

    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 50 } })).json().phasedRelease.percent).toBe(50);
    // Every device of the 10% keeps the version; of 2,000 others, about half (4/9) join.
    const kept = await offered(app.packageName, [...in10]);
    expect(getting(kept, v2.versionId).size).toBe(in10.size);
    const others = DEVICES.filter((d) => !in10.has(d)).slice(0, 2000);
    const joined = getting(await offered(app.packageName, others), v2.versionId).size;
    expect(joined).toBeGreaterThan(2000 * (4 / 9) - 150);
    expect(joined).toBeLessThan(2000 * (4 / 9) + 150);

    const down = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 20 } });
    expect(down.statusCode).toBe(409);
    expect(down.json().ret.msg).toBe('The percentage can only go up (now 50%)');

    await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'SUSPEND' } });
    const paused = await offered(app.packageName, DEVICES.slice(0, 500));
    expect(getting(paused, v2.versionId).size).toBe(0);
    expect(getting(paused, v1.versionId).size).toBe(500);
    await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'RESUME' } });
    expect(getting(await offered(app.packageName, [...in10].slice(0, 20)), v2.versionId).size).toBe(20);

    const rb = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'ROLLBACK' } });
    expect(rb.json().phasedRelease.state).toBe('terminated');
    const sample = [...in10, ...others.slice(0, 1000)];
    const after = await offered(app.packageName, sample);
    expect(getting(after, v1.versionId).size).toBe(sample.length);
    expect(await stateOf(u, app.appId, v2.versionId)).toBe(10);
    expect((await u.call(versionApi.lastOnShelf, { query: { appId: app.appId } })).json().version.versionId).toBe(v1.versionId);

    const history = (await u.call(versionApi.phasedReleaseHistory, { query: ref })).json().items;
    expect(history.map((h: { action: string; toState: string; percent: number }) => [h.action, h.toState, h.percent])).toEqual([
      ['UPDATE', 'pending', 10], ['START', 'active', 10], ['UPDATE', 'active', 50], ['SUSPEND', 'paused', 50], ['RESUME', 'active', 50], ['ROLLBACK', 'terminated', 50],
    ]);
    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'RESUME' } })).statusCode).toBe(409);
  }, 300_000);

  it('converts to full by hand or at the end time, not while paused; serves the previous version’s file meanwhile', async () => {
    const { u, app, v1, v2, ref } = await phasing(1);
    const outside = DEVICES.find((d) => bucketOf(app.appId, v2.versionId, d) >= 100)!;
    expect((await offered(app.packageName, [outside])).get(outside)).toBe(v1.versionId);
    const dl = await t.app.inject({ method: 'GET', url: `/agc/edge/cds/app-distirbution/v1/all/app/download/${v1.versionId}`, query: { deviceId: outside } });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(v1.bytes)).toBe(true);
    await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'SUSPEND' } });
    t.clock.advance(31 * DAY);
    await t.deps.dueActions.runDue();
    await u.login();
    expect((await u.call(versionApi.phasedReleaseHistory, { query: ref })).json().phasedRelease.state).toBe('paused');
    const full = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'RELEASE' } });
    expect(full.json().phasedRelease.state).toBe('completed');
    expect((await offered(app.packageName, [outside])).get(outside)).toBe(v2.versionId);
    expect((await t.app.inject({ method: 'GET', url: `/agc/edge/cds/app-distirbution/v1/all/app/download/${v1.versionId}`, query: { deviceId: outside } })).statusCode).toBe(404);

    await op.login();
    const other = await phasing(5);
    const end = new Date((await other.u.call(versionApi.phasedReleaseHistory, { query: other.ref })).json().phasedRelease.endAt);
    t.clock.set(end);
    await t.deps.dueActions.runDue();
    await other.u.login();
    expect((await other.u.call(versionApi.phasedReleaseHistory, { query: other.ref })).json().items.at(-1)).toMatchObject({ action: 'END', toState: 'completed', actorKind: 'system' });
  }, 120_000);

  it('needs a version fully on shelf first, checks the inputs, and the release permission', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await completeVersion(t, u, app.appId, 10);
    const ref = { appId: app.appId, versionId: v.versionId };
    const full = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 5 } });
    expect(full.statusCode).toBe(409);
    expect(full.json().ret.msg).toContain('releaseType full');
    await u.call(versionApi.updateVersion, { body: { ...ref, releaseType: 'phased' } });
    const now = t.clock.now().getTime();
    const body = { ...ref, state: 'UPDATE', percent: 5, startAt: new Date(now).toISOString(), endAt: new Date(now + DAY).toISOString(), description: 'x' };
    for (const bad of [{ percent: 0 }, { percent: 100 }, { percent: 5.555 }, { description: '' }, { state: 'PAUSE' }]) {
      expect((await u.call(versionApi.changePhasedRelease, { body: { ...body, ...bad } })).statusCode).toBe(400);
    }
    const long = await u.call(versionApi.changePhasedRelease, { body: { ...body, endAt: new Date(now + 366 * DAY).toISOString() } });
    expect(long.json().ret.msg).toContain('365 days');
    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 5 } })).statusCode).toBe(400);
    expect((await u.call(versionApi.changePhasedRelease, { body })).statusCode).toBe(200);
    const first = await u.call(versionApi.submitVersion, { body: ref });
    expect(first.statusCode).toBe(409);
    expect(first.json().ret.msg).toContain('fully on shelf');
    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'SUSPEND' } })).statusCode).toBe(409);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(versionApi.changePhasedRelease, { body })).statusCode).toBe(404);
    expect((await stranger.call(versionApi.phasedReleaseHistory, { query: ref })).statusCode).toBe(404);
    const { holder, member } = await teamWithMember(t, ['development']);
    const theirs = await newApp(holder);
    const tv = await completeVersion(t, holder, theirs.appId, 10);
    expect((await member.call(versionApi.changePhasedRelease, { body: { ...body, appId: theirs.appId, versionId: tv.versionId } })).statusCode).toBe(403);
  });
});
