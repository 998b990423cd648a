import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, buildPath, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, released } from '../../../harness/scenarios';
import { flushDistributionCounts } from '../../versions/public';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';
import { event, fold, overview, send } from './helpers';

let t: TestApp;
let u: TestUser;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
  // 12:00 on the 21st in Shanghai (the project's data location is China).
  t.clock.set(Date.UTC(2026, 10, 21, 4, 0));
  await op.login();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const check = (packageName: string, versionCode: number, deviceId: string, country?: string) =>
  t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName, versionCode: String(versionCode), deviceId, ...(country ? { country } : {}) } });
const download = (versionId: string, country: string) => t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId }), query: { country } });
const dashboard = async (appId: string, from = '2026-11-20', to = '2026-11-21') => {
  const res = await u.call(analyticsApi.analyticsDistribution, { query: { appId, from, to } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('distribution in analytics', () => {
  it('counts update checks and downloads from the store, installs from the app, per day and country, beside the overview', async () => {
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    for (const device of ['d1', 'd2', 'd3']) expect((await check(app.packageName, 1, device, 'DE')).json().update.versionId).toBe(v.versionId);
    // Not offered: the installed version is the current one; the version is not offered in Russia.
    expect((await check(app.packageName, 10, 'd4', 'CN')).json().update).toBeNull();
    expect((await check(app.packageName, 1, 'd5', 'RU')).json().update).toBeNull();
    // Counted in memory; a download writes them with itself (DISTRIBUTION_COUNTS_FLUSH_MS=0).
    expect((await dashboard(app.appId)).days[1]).toMatchObject({ updateChecks: 0 });
    // Downloads in the version's countries (one from Russia, where it is not offered, is refused and not counted).
    for (const country of ['CN', 'CN', 'DE']) expect((await download(v.versionId, country)).statusCode).toBe(200);
    expect((await download(v.versionId, 'RU')).statusCode).toBe(403);
    await t.deps.events.drain();

    const headers = await appHeaders(u, app.appId);
    for (const [device, country] of [['d1', 'CN'], ['d2', 'CN']] as const) {
      await send(t, headers, `device-${device}`, { context: { appVersion: '1.0.10', country }, events: [event(t, 'first_open'), event(t, 'session_start')] });
    }
    await fold(t);

    const d = await dashboard(app.appId);
    expect(d.hasData).toBe(true);
    expect(d.days).toEqual([
      { day: '2026-11-20', downloads: 0, installs: 0, updateChecks: 0, updatesOffered: 0 },
      { day: '2026-11-21', downloads: 3, installs: 2, updateChecks: 5, updatesOffered: 3 },
    ]);
    expect(d.countries).toEqual([
      { country: 'CN', downloads: 2, installs: 2 },
      { country: 'DE', downloads: 1, installs: 0 },
    ]);
    expect(d.versions).toEqual([{ appVersion: '1.0.10', devices: [0, 2] }]);
    expect(d.phased).toEqual([]);

    // The overview shows them too; the app's own events and event list leave them out.
    const o = await overview(u, app.appId, '2026-11-21', '2026-11-21');
    expect(o.totals).toMatchObject({ downloads: 3, updateChecks: 5, events: 4 });
    const names = (await u.call(analyticsApi.analyticsEventList, { query: { appId: app.appId, from: '2026-11-21', to: '2026-11-21' } })).json().events.map((e: { name: string }) => e.name);
    expect(names.sort()).toEqual(['first_open', 'session_start']);
  });

  it('writes what was counted only once, and a later flush adds to the same day', async () => {
    const app = await newApp(u);
    await released(t, u, op, app.appId, 10);
    await check(app.packageName, 1, 'd1');
    await flushDistributionCounts(t.deps);
    await flushDistributionCounts(t.deps);
    await check(app.packageName, 1, 'd2');
    await flushDistributionCounts(t.deps);
    await t.deps.events.drain();
    expect((await dashboard(app.appId)).days[1]).toMatchObject({ updateChecks: 2, updatesOffered: 2 });
  });

  it('follows a phased release: the share of active devices on the new version against the phase target, day by day', async () => {
    const app = await newApp(u);
    await released(t, u, op, app.appId, 10);
    const v2 = await completeVersion(t, u, app.appId, 11);
    const ref = { appId: app.appId, versionId: v2.versionId };
    await u.call(versionApi.updateVersion, { body: { ...ref, releaseType: 'phased' } });
    const now = t.clock.now();
    const set = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 20, startAt: now.toISOString(), endAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(), description: 'Slowly' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await u.call(versionApi.submitVersion, { body: ref })).statusCode).toBe(200);
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'approve' } });

    const headers = await appHeaders(u, app.appId);
    for (const [device, version] of [['p1', '1.0.11'], ['p2', '1.0.10'], ['p3', '1.0.10'], ['p4', '1.0.10']]) {
      expect((await send(t, headers, `device-${device}`, { context: { appVersion: version }, events: [event(t, 'session_start')] })).statusCode).toBe(200);
    }
    // p2 updates later the same day: its day counts the version it ran last.
    await send(t, headers, 'device-p2', { context: { appVersion: '1.0.11' }, events: [event(t, 'session_start')] });
    await fold(t);

    const d = await dashboard(app.appId);
    expect(d.phased).toHaveLength(1);
    expect(d.phased[0]).toMatchObject({ versionId: v2.versionId, versionName: '1.0.11' });
    expect(d.phased[0].points).toEqual([
      { day: '2026-11-20', target: null, adoption: 0 },
      { day: '2026-11-21', target: 20, adoption: 50 },
    ]);
    expect(d.versions).toEqual([
      { appVersion: '1.0.10', devices: [0, 2] },
      { appVersion: '1.0.11', devices: [0, 2] },
    ]);
  });
});
