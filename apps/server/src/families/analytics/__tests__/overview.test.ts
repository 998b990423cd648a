import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, teamApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { foldPending } from '../rollup';
import { appOf, event, fold, overview, send } from './helpers';

let t: TestApp;
let u: TestUser;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  // 12:00 on the 21st in Shanghai; earlier days' events are sent late (the clock stays, as a session would expire).
  t.clock.set(Date.UTC(2026, 10, 21, 4, 0));
  u = await TestUser.register(t);
});
afterAll(() => t.close());

/** A session of `seconds` with `extra` events in it, `daysAgo` days ago, as the SDK reports one. */
const session = (seconds: number, daysAgo: number, ...extra: string[]) => {
  const at = t.clock.now().getTime() - daysAgo * DAY;
  return [event(t, 'session_start', { at }), ...extra.map((n) => event(t, n, { at })), event(t, 'session_end', { value: seconds, at })];
};
const firstOpen = (daysAgo: number) => event(t, 'first_open', { at: t.clock.now().getTime() - daysAgo * DAY });

describe('the app overview', () => {
  it('counts new and active users, sessions, their length and events per day, and distinct users over the range', async () => {
    const { appId, headers } = await appOf(u);
    await send(t, headers, 'device-a1', { events: [firstOpen(1), ...session(60, 1, 'level_up')] });
    await send(t, headers, 'device-b1', { events: [firstOpen(1), ...session(120, 1)] });
    await send(t, headers, 'device-a1', { events: session(30, 0) });
    await send(t, headers, 'device-c1', { events: [firstOpen(0), ...session(90, 0, 'level_up', 'level_up')] });
    expect(await fold(t)).toBe(4);

    const o = await overview(u, appId, '2026-11-19', '2026-11-21', true);
    expect(o.timeZone).toBe('Asia/Shanghai');
    expect(o.hasData).toBe(true);
    expect(o.days).toEqual([
      { day: '2026-11-19', newUsers: 0, activeUsers: 0, sessions: 0, events: 0, averageSessionSeconds: 0, downloads: 0, updateChecks: 0, crashFreeUsers: null },
      { day: '2026-11-20', newUsers: 2, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 90, downloads: 0, updateChecks: 0, crashFreeUsers: null },
      { day: '2026-11-21', newUsers: 1, activeUsers: 2, sessions: 2, events: 7, averageSessionSeconds: 60, downloads: 0, updateChecks: 0, crashFreeUsers: null },
    ]);
    // Three people in all, not the four a sum of the days would say.
    expect(o.totals).toEqual({ newUsers: 3, activeUsers: 3, sessions: 4, averageSessionSeconds: 75, events: 14, downloads: 0, updateChecks: 0, crashFreeUsers: null });
    expect(o.previous).toEqual({ newUsers: 0, activeUsers: 0, sessions: 0, averageSessionSeconds: 0, events: 0, downloads: 0, updateChecks: 0, crashFreeUsers: null });
    expect([o.weeklyActiveUsers, o.monthlyActiveUsers]).toEqual([3, 3]);
  });

  it('compares with the period before, of the same length', async () => {
    const { appId, headers } = await appOf(u);
    await send(t, headers, 'device-p1', { events: session(10, 2) });
    await send(t, headers, 'device-p2', { events: session(20, 0) });
    await send(t, headers, 'device-p3', { events: session(40, 1) });
    await fold(t);
    const o = await overview(u, appId, '2026-11-20', '2026-11-21', true);
    expect(o.totals).toMatchObject({ activeUsers: 2, sessions: 2, averageSessionSeconds: 30 });
    expect(o.previous).toMatchObject({ activeUsers: 1, sessions: 1, averageSessionSeconds: 10, newUsers: 1 });
  });

  it('counts the distinct users of each window: the range, the 7 and 30 days to its end, and the period before', async () => {
    const { appId, headers } = await appOf(u);
    const now = t.clock.now().getTime();
    // Each device sends on the day itself, as it would (events older than 72 hours are refused).
    const activeOn = async (daysAgo: number, device: string) => {
      t.clock.set(now - daysAgo * DAY);
      expect((await send(t, headers, device, { events: session(10, 0) })).statusCode).toBe(200);
    };
    await activeOn(40, 'device-s1'); // before every window
    await activeOn(20, 'device-s2'); // in the 30 days only
    await activeOn(4, 'device-s3'); // in the period before, and again in the range
    await activeOn(0, 'device-s3');
    await activeOn(5, 'device-s4'); // the period before, so the 7 days too
    await activeOn(1, 'device-s5'); // the range
    t.clock.set(now);
    await fold(t);
    const o = await overview(u, appId, '2026-11-19', '2026-11-21', true);
    expect(o.totals.activeUsers).toBe(2);
    expect(o.previous.activeUsers).toBe(2);
    expect([o.weeklyActiveUsers, o.monthlyActiveUsers]).toEqual([3, 4]);
    // Without the comparison, the same windows.
    const alone = await overview(u, appId, '2026-11-19', '2026-11-21');
    expect([alone.totals.activeUsers, alone.weeklyActiveUsers, alone.monthlyActiveUsers, alone.previous]).toEqual([2, 3, 4, null]);
  });

  it('shows crash-free users once the app reports crashes: the active users without an app_crash, per day and in the range', async () => {
    const { appId, headers } = await appOf(u);
    for (const d of ['c1', 'c2', 'c3', 'c4']) await send(t, headers, `device-${d}`, { events: session(30, 1) });
    await fold(t);
    // Never reported: no share (the app may not send crashes at all).
    expect((await overview(u, appId, '2026-11-20', '2026-11-21')).totals.crashFreeUsers).toBeNull();
    await send(t, headers, 'device-c1', { events: [event(t, 'app_crash', { at: t.clock.now().getTime() - DAY, fatal: true })] });
    // Crashed twice in two batches, on both days: counted once in the range.
    await send(t, headers, 'device-c2', { events: [event(t, 'app_crash', { at: t.clock.now().getTime() - DAY })] });
    await send(t, headers, 'device-c2', { events: [...session(30, 0), event(t, 'app_crash')] });
    await send(t, headers, 'device-c3', { events: session(30, 0) });
    await fold(t);
    const o = await overview(u, appId, '2026-11-20', '2026-11-21', true);
    expect(o.days.map((d: { crashFreeUsers: number | null }) => d.crashFreeUsers)).toEqual([50, 50]);
    expect(o.totals).toMatchObject({ activeUsers: 4, crashFreeUsers: 50 });
    // The period before had nobody active: no share either.
    expect(o.previous.crashFreeUsers).toBeNull();
  });

  it('counts nothing twice however the summaries are folded, and nothing before they are', async () => {
    const { appId, headers } = await appOf(u);
    for (let i = 0; i < 5; i += 1) await send(t, headers, `device-f${i}`, { events: session(10 * (i + 1), 0) });
    expect((await overview(u, appId, '2026-11-21', '2026-11-21')).totals.sessions).toBe(0);
    expect(await foldPending(t.deps, 2)).toBe(2);
    await Promise.all([foldPending(t.deps, 2), foldPending(t.deps, 2)]);
    await fold(t);
    expect(await fold(t)).toBe(0);
    const o = await overview(u, appId, '2026-11-21', '2026-11-21');
    expect(o.totals).toEqual({ newUsers: 5, activeUsers: 5, sessions: 5, averageSessionSeconds: 30, events: 10, downloads: 0, updateChecks: 0, crashFreeUsers: null });
  });

  it('says when an app has sent nothing yet, and refuses a range that is not one', async () => {
    const { appId } = await appOf(u);
    const o = await overview(u, appId, '2026-11-01', '2026-11-30');
    expect(o.hasData).toBe(false);
    expect(o.days).toHaveLength(30);
    const backwards = await u.call(analyticsApi.analyticsOverview, { query: { appId, from: '2026-11-30', to: '2026-11-01' } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().ret.msg).toContain('date range');
    const tooLong = await u.call(analyticsApi.analyticsOverview, { query: { appId, from: '2020-01-01', to: '2026-01-01' } });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('settings', () => {
  it("starts from the data location's time zone; a change is audited and applies to events received after it", async () => {
    const { appId, headers } = await appOf(u, 'europe');
    const read = async () => (await u.call(analyticsApi.getAnalyticsSettings, { query: { appId } })).json().settings;
    expect(await read()).toEqual({ timeZone: 'Europe/Berlin', retentionDays: 365 });
    const bad = await u.call(analyticsApi.saveAnalyticsSettings, { query: { appId }, body: { timeZone: 'Mars/Olympus', retentionDays: 90 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toBe('Unknown time zone');
    expect((await u.call(analyticsApi.saveAnalyticsSettings, { query: { appId }, body: { timeZone: 'America/New_York', retentionDays: 45 } })).statusCode).toBe(400);
    const saved = await u.call(analyticsApi.saveAnalyticsSettings, { query: { appId }, body: { timeZone: 'America/New_York', retentionDays: 90 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await read()).toEqual({ timeZone: 'America/New_York', retentionDays: 90 });
    const audit = (await u.call(teamApi.auditEventList, { query: { pageSize: 100 } })).json().items as Array<{ action: string; targetId: string }>;
    expect(audit).toContainEqual(expect.objectContaining({ action: 'analytics.settings', targetId: appId }));
    // 04:00 UTC on the 21st is still the 20th in New York.
    await send(t, headers, 'device-tz', { events: [event(t, 'first_open')] });
    await fold(t);
    const o = await overview(u, appId, '2026-11-20', '2026-11-21');
    expect(o.timeZone).toBe('America/New_York');
    expect(o.days.map((d: { newUsers: number }) => d.newUsers)).toEqual([1, 0]);
  });
});

describe('limits', () => {
  it('refuses an instance that sends too often with 429, other instances go on', async () => {
    const limited = await createTestApp({ env: { RATE_LIMITS: JSON.stringify({ analyticsDevice: { limit: 2, windowMs: 60_000 } }) } });
    try {
      const owner = await TestUser.register(limited);
      const { headers } = await appOf(owner);
      const one = () => send(limited, headers, 'device-busy', { events: [event(limited, 'x')] });
      expect((await one()).statusCode).toBe(200);
      expect((await one()).statusCode).toBe(200);
      const refused = await one();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send(limited, headers, 'device-calm', { events: [event(limited, 'x')] })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
