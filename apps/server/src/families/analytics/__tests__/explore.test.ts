import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appOf, event, fold, send } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(Date.UTC(2026, 10, 20, 4, 0)); // 12:00 in Shanghai
});
afterAll(() => t.close());

const DAY = '2026-11-20';

describe('the event explorer', () => {
  it('splits an event by version, keeps the 8 largest groups and sums the rest, and filters by a property over raw events', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    // Ten countries, the n-th sending n taps; two purchases on 2.0, one of a sword, one on 1.0.
    const countries = ['AA', 'AB', 'AC', 'AD', 'AE', 'AF', 'AG', 'AH', 'AI', 'AJ'];
    for (const [i, country] of countries.entries()) {
      await send(t, headers, `device-tap-${i}`, { context: { country, appVersion: '1.0' }, events: Array.from({ length: i + 1 }, () => event(t, 'tap')) });
    }
    await send(t, headers, 'device-buyer-1', { context: { appVersion: '2.0', country: 'RU' }, events: [event(t, 'purchase', { value: 5, properties: { item: 'sword' } }), event(t, 'purchase', { value: 2, properties: { item: 'shield' } })] });
    await send(t, headers, 'device-buyer-2', { context: { appVersion: '1.0', country: 'DE' }, events: [event(t, 'purchase', { value: 5, properties: { item: 'sword' } })] });
    await fold(t);
    const explore = async (query: Record<string, string>) => {
      const res = await u.call(analyticsApi.exploreAnalyticsEvent, { query: { appId, from: DAY, to: DAY, ...query } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const byVersion = await explore({ event: 'purchase', groupBy: 'appVersion' });
    expect(byVersion.groups).toEqual([
      { key: '2.0', count: 2, valueSum: 7 },
      { key: '1.0', count: 1, valueSum: 5 },
    ]);
    expect(byVersion.days).toEqual([
      { day: DAY, group: '1.0', count: 1, valueSum: 5 },
      { day: DAY, group: '2.0', count: 2, valueSum: 7 },
    ]);

    const byCountry = await explore({ event: 'tap', groupBy: 'country' });
    expect(byCountry.groups.map((g: { key: string; count: number }) => [g.key, g.count])).toEqual([
      ['AJ', 10], ['AI', 9], ['AH', 8], ['AG', 7], ['AF', 6], ['AE', 5], ['AD', 4], ['AC', 3], ['*', 3],
    ]);

    const swords = await explore({ event: 'purchase', groupBy: 'country', property: 'item', equals: 'sword' });
    expect(swords.groups).toEqual([
      { key: 'DE', count: 1, valueSum: 5 },
      { key: 'RU', count: 1, valueSum: 5 },
    ]);
    expect((await explore({ event: 'purchase' })).groups).toEqual([{ key: 'all', count: 3, valueSum: 12 }]);

    const half = await u.call(analyticsApi.exploreAnalyticsEvent, { query: { appId, from: DAY, to: DAY, event: 'purchase', property: 'item' } });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors[0].reason).toBe('propertyAndValue');
  });
});

describe('the user portrait', () => {
  it("shares the range's active users by country, language, OS and device model, as their devices last said", async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    const now = t.clock.now().getTime();
    await send(t, headers, 'device-por-1', { context: { country: 'RU', language: 'ru-RU', os: 'android', deviceModel: 'Pixel 8' }, events: [event(t, 'first_open')] });
    await send(t, headers, 'device-por-2', { context: { country: 'RU', language: 'ru', os: 'android', deviceModel: 'SM-S918' }, events: [event(t, 'first_open')] });
    await send(t, headers, 'device-por-3', { context: { country: 'DE', language: 'de', os: 'ios' }, events: [event(t, 'first_open')] });
    // Active two days before the range only: not one of its users.
    await send(t, headers, 'device-por-4', { context: { country: 'FR', language: 'fr', os: 'web' }, events: [event(t, 'first_open', { at: now - 2 * 86_400_000 })] });
    await fold(t);
    const res = await u.call(analyticsApi.analyticsPortrait, { query: { appId, from: DAY, to: DAY } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      users: 3,
      country: [{ key: 'RU', users: 2 }, { key: 'DE', users: 1 }],
      language: [{ key: 'de', users: 1 }, { key: 'ru', users: 1 }, { key: 'ru-RU', users: 1 }],
      os: [{ key: 'android', users: 2 }, { key: 'ios', users: 1 }],
      deviceModel: [{ key: '', users: 1 }, { key: 'Pixel 8', users: 1 }, { key: 'SM-S918', users: 1 }],
    });
  });
});
