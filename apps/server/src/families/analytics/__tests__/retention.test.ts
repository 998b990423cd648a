import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { analyticsRepo } from '../repo';
import { enforceRetention } from '../retention';
import { analyticsDaily, analyticsEvents } from '../tables';
import { appOf, event, fold, send } from './helpers';

let t: TestApp;
const START = Date.UTC(2026, 10, 20, 10, 0);
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
});
afterAll(() => t.close());

const rows = async (appId: string) => (await t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.appId, appId))).length;
const counted = async (appId: string) => (await t.deps.db.select().from(analyticsDaily).where(eq(analyticsDaily.appId, appId))).reduce((n, r) => n + r.count, 0);

describe('retention of raw events', () => {
  it("deletes each app's raw events past its retention, keeps its counts, and drops a day past the longest whole", async () => {
    const u = await TestUser.register(t);
    const short = await appOf(u);
    const usual = await appOf(u);
    expect((await u.call(analyticsApi.saveAnalyticsSettings, { query: { appId: short.appId }, body: { timeZone: 'UTC', retentionDays: 30 } })).statusCode).toBe(200);
    for (const app of [short, usual]) await send(t, app.headers, 'device-r1', { events: [event(t, 'first_open'), event(t, 'level_up')] });
    await fold(t);

    t.clock.set(START + 30 * DAY);
    await enforceRetention(t.deps);
    expect([await rows(short.appId), await rows(usual.appId)]).toEqual([2, 2]);

    t.clock.set(START + 31 * DAY);
    await enforceRetention(t.deps);
    expect([await rows(short.appId), await rows(usual.appId)]).toEqual([0, 2]);
    expect(await counted(short.appId)).toBe(2);

    // An app that never chose keeps a year.
    t.clock.set(START + 366 * DAY);
    await enforceRetention(t.deps);
    expect(await rows(usual.appId)).toBe(0);
    expect(await counted(usual.appId)).toBe(2);

    t.clock.set(START + 731 * DAY);
    expect(await enforceRetention(t.deps)).toContain('2026-11-20');
    expect(await analyticsRepo.partitionDays(t.deps.db)).not.toContain('2026-11-20');
  });
});
