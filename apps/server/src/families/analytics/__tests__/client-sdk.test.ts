import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Analytics, ANALYTICS_CALLS } from '@wharf/analytics';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { analyticsApi, appApi } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { appOf, fold, overview } from './helpers';

// @wharf/analytics against the real server (in-process): its calls are the contract's, and
// what a device records is what the overview counts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 20, 4, 0));
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/analytics', () => {
  it('calls what the contract declares', () => {
    expect(ANALYTICS_CALLS.send).toEqual({ method: analyticsApi.sendAnalyticsEvents.method, path: analyticsApi.sendAnalyticsEvents.fullPath.replace('/agc/edge', '') });
    expect(ANALYTICS_CALLS.optOut).toEqual({ method: analyticsApi.setAnalyticsOptOut.method, path: analyticsApi.setAnalyticsOptOut.fullPath.replace('/agc/edge', '') });
  });

  it('records sessions and events on two devices that the overview then counts exactly', async () => {
    const u = await TestUser.register(t);
    const { appId } = await appOf(u);
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const now = () => t.clock.now().getTime();
    const device = (version: string) =>
      new Analytics(createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore(), now }), { now, flushIntervalMs: 0, context: () => ({ appVersion: version, os: 'android', country: 'RU' }) });
    const one = device('1.0');
    const two = device('2.0');
    one.logEvent('level_up');
    two.logEvent('level_up');
    two.logEvent('purchase', { item: 'sword' }, 5);
    t.clock.advance(90_000);
    one.endSession();
    two.endSession();
    await Promise.all([one.flush(), two.flush()]);
    await fold(t);
    const o = await overview(u, appId, '2026-11-20', '2026-11-20');
    expect(o.totals).toEqual({ newUsers: 2, activeUsers: 2, sessions: 2, averageSessionSeconds: 90, events: 9, downloads: 0, updateChecks: 0, crashFreeUsers: null });
  });
});
