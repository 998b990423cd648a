import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appOf, event, fold, send as sendRaw } from './helpers';

let t: TestApp;
const DAY = 86_400_000;
// 12:00 on 10 November in Shanghai (the app's reporting time zone).
const T0 = Date.UTC(2026, 10, 10, 4, 0);
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(T0);
});
afterAll(() => t.close());

const at = (ms: number) => event(t, 'ping', { at: ms });
/** A batch that must be taken whole. */
async function send(...args: Parameters<typeof sendRaw>) {
  const res = await sendRaw(...args);
  if (res.statusCode !== 200 || res.json().accepted !== (args[3] as { events: unknown[] }).events.length) throw new Error(res.body);
  return res;
}

describe('retention cohorts', () => {
  it('follows each day of new users 1, 7 and 30 days on, says null for a day not come yet, and weighs the curve by the cohorts old enough', async () => {
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    // 10 November: A, B and C are new. 11 November: D is new, A comes back.
    for (const id of ['device-a', 'device-b', 'device-c']) await send(t, headers, id, { events: [event(t, 'first_open')] });
    t.clock.set(T0 + DAY);
    await send(t, headers, 'device-d', { events: [event(t, 'first_open')] });
    await send(t, headers, 'device-a', { events: [at(T0 + DAY)] });
    // 17 November: B comes back (day 7). 10 December: A again (day 30).
    t.clock.set(T0 + 7 * DAY);
    await send(t, headers, 'device-b', { events: [at(T0 + 7 * DAY)] });
    t.clock.set(T0 + 30 * DAY);
    await send(t, headers, 'device-a', { events: [at(T0 + 30 * DAY)] });
    await fold(t);
    await u.login();

    const res = await u.call(analyticsApi.analyticsRetention, { query: { appId, from: '2026-11-10', to: '2026-11-11' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.offsets).toEqual([1, 7, 30]);
    expect(body.cohorts).toEqual([
      { day: '2026-11-10', users: 3, returned: [1, 1, 1] },
      // 11 December has not come in Shanghai on 10 December.
      { day: '2026-11-11', users: 1, returned: [0, 0, null] },
    ]);
    const curve = new Map(body.curve.map((p: { offset: number; users: number; of: number }) => [p.offset, [p.users, p.of]]));
    expect(curve.get(0)).toEqual([4, 4]);
    expect(curve.get(1)).toEqual([1, 4]);
    expect(curve.get(7)).toEqual([1, 4]);
    expect(curve.get(30)).toEqual([1, 3]);
    expect(curve.get(2)).toEqual([0, 4]);
  });
});

describe('funnels and the event list', () => {
  it('counts a step only after the one before it, in order, and lists the events most sent first', async () => {
    t.clock.set(T0 + 40 * DAY);
    const u = await TestUser.register(t);
    const { appId, headers } = await appOf(u);
    const now = t.clock.now().getTime();
    const steps = (...names: string[]) => names.map((name, i) => event(t, name, { at: now - 60_000 + i * 1000 }));
    await send(t, headers, 'device-x', { events: steps('add_to_cart', 'begin_checkout', 'purchase') });
    // Y checked out after paying: the purchase does not follow the checkout, so it is not counted.
    await send(t, headers, 'device-y', { events: steps('add_to_cart', 'purchase', 'begin_checkout') });
    await send(t, headers, 'device-z', { events: steps('begin_checkout', 'purchase') });
    // W paid once too early, then checked out and paid again: the second purchase follows.
    await send(t, headers, 'device-w', { events: steps('add_to_cart', 'purchase', 'begin_checkout', 'purchase') });
    await fold(t);
    const day = '2026-12-20';
    const res = await u.call(analyticsApi.analyticsFunnel, { query: { appId, from: day, to: day, steps: 'add_to_cart,begin_checkout,purchase' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().steps).toEqual([
      { name: 'add_to_cart', users: 3 },
      { name: 'begin_checkout', users: 3 },
      { name: 'purchase', users: 2 },
    ]);
    // A step may come back: the cart again after checking out (X and W).
    const again = await u.call(analyticsApi.analyticsFunnel, { query: { appId, from: day, to: day, steps: 'add_to_cart,begin_checkout,add_to_cart' } });
    expect(again.json().steps.map((s: { users: number }) => s.users)).toEqual([3, 3, 0]);
    const one = await u.call(analyticsApi.analyticsFunnel, { query: { appId, from: day, to: day, steps: 'purchase' } });
    expect(one.statusCode).toBe(400);
    const bad = await u.call(analyticsApi.analyticsFunnel, { query: { appId, from: day, to: day, steps: "purchase,x'; drop table apps;--" } });
    expect(bad.statusCode).toBe(400);

    const list = await u.call(analyticsApi.analyticsEventList, { query: { appId, from: day, to: day } });
    expect(list.json().events.map((e: { name: string; count: number }) => [e.name, e.count])).toEqual([
      ['purchase', 5],
      ['begin_checkout', 4],
      ['add_to_cart', 3],
    ]);
  });
});
