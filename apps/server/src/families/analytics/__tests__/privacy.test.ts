import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi, teamApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { analyticsDaily, analyticsDeviceDays, analyticsDevices, analyticsEvents } from '../tables';
import { appOf, event, fold, send } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 20, 10, 0));
});
afterAll(() => t.close());

/** What analytics keeps of one instance: raw events, days of activity, its device. */
async function keptOf(appId: string, instanceId: string) {
  const db = t.deps.db;
  const events = await db.select().from(analyticsEvents).where(and(eq(analyticsEvents.appId, appId), eq(analyticsEvents.instanceId, instanceId)));
  const days = await db.select().from(analyticsDeviceDays).where(and(eq(analyticsDeviceDays.appId, appId), eq(analyticsDeviceDays.instanceId, instanceId)));
  const devices = await db.select().from(analyticsDevices).where(and(eq(analyticsDevices.appId, appId), eq(analyticsDevices.instanceId, instanceId)));
  return [events.length, days.length, devices.length];
}
const counted = async (appId: string) => (await t.deps.db.select().from(analyticsDaily).where(eq(analyticsDaily.appId, appId))).reduce((n, r) => n + r.count, 0);

describe("deleting a person's analytics data", () => {
  it('deletes one instance, or every instance of an app user, with what they sent, keeps the counts, and records it', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    await send(t, headers, 'device-keep', { events: [event(t, 'first_open'), event(t, 'level_up')] });
    await send(t, headers, 'device-gone', { events: [event(t, 'first_open'), event(t, 'level_up')] });
    await send(t, headers, 'device-phone', { context: { userId: 'user-7' }, events: [event(t, 'first_open')] });
    await fold(t);
    // Sent just before the request and not folded yet: it must not bring the device back.
    await send(t, headers, 'device-gone', { events: [event(t, 'purchase')] });
    await send(t, headers, 'device-tablet', { context: { userId: 'user-7' }, events: [event(t, 'first_open')] });

    const byInstance = await u.call(analyticsApi.deleteAnalyticsUserData, { query: { appId }, body: { instanceId: 'device-gone' } });
    expect(byInstance.statusCode, byInstance.body).toBe(200);
    expect(byInstance.json()).toMatchObject({ deletedEvents: 3, deletedInstances: 1 });
    await fold(t);
    expect(await keptOf(appId, 'device-gone')).toEqual([0, 0, 0]);
    expect(await keptOf(appId, 'device-keep')).toEqual([2, 1, 1]);

    const byUser = await u.call(analyticsApi.deleteAnalyticsUserData, { query: { appId }, body: { userId: 'user-7' } });
    expect(byUser.json()).toMatchObject({ deletedEvents: 2, deletedInstances: 2 });
    expect(await keptOf(appId, 'device-phone')).toEqual([0, 0, 0]);
    expect(await keptOf(appId, 'device-tablet')).toEqual([0, 0, 0]);
    // The daily counts name nobody: they stay.
    expect(await counted(appId)).toBe(7);

    const audit = (await u.call(teamApi.auditEventList, { query: { pageSize: 100 } })).json().items as Array<{ action: string; targetId: string }>;
    expect(audit.filter((e) => e.action === 'analytics.deleteUserData' && e.targetId === appId)).toHaveLength(2);
  });

  it('asks for exactly one of an instance ID and a user ID', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    for (const body of [{}, { instanceId: 'device-a', userId: 'user-a' }]) {
      const res = await u.call(analyticsApi.deleteAnalyticsUserData, { query: { appId }, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].reason).toBe('instanceOrUser');
    }
  });
});
