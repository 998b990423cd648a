import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { analyticsEvents } from '../tables';
import { appOf, event, send } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  // 10:00 UTC: 18:00 in Shanghai, the same calendar day everywhere the tests look.
  t.clock.set(Date.UTC(2026, 10, 20, 10, 0));
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const stored = (appId: string) => t.deps.db.select().from(analyticsEvents).where(eq(analyticsEvents.appId, appId));

describe('receiving a batch', () => {
  it('keeps each event once: a batch sent again, or an ID repeated in it, is not counted again', async () => {
    const { appId, headers } = await appOf(u);
    const batch = { context: { appVersion: '1.2.0', os: 'android', country: 'de' }, events: [event(t, 'first_open'), event(t, 'session_start'), event(t, 'level_up', { value: 3 })] };
    const first = await send(t, headers, 'device-0001', batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ accepted: 3, duplicates: 0, rejected: [], optedOut: false });
    const again = await send(t, headers, 'device-0001', { ...batch, events: [...batch.events, batch.events[0]] });
    expect(again.json()).toMatchObject({ accepted: 0, duplicates: 4 });
    const rows = await stored(appId);
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.name === 'level_up')).toMatchObject({ instanceId: 'device-0001', appVersion: '1.2.0', os: 'android', country: 'DE', value: 3, day: '2026-11-20' });
  });

  it('keeps fields it does not know as properties, beside the ones sent as properties', async () => {
    const { appId, headers } = await appOf(u);
    const res = await send(t, headers, 'device-0002', { events: [event(t, 'purchase', { value: 9.99, currency: 'EUR', properties: { item: 'sword', count: 2, gift: false } })] });
    expect(res.json().accepted).toBe(1);
    const [row] = await stored(appId);
    expect(row!.properties).toEqual({ currency: 'EUR', item: 'sword', count: 2, gift: false });
  });

  it('leaves out a badly formed, a far-future and a too old event with the reason, and keeps the rest', async () => {
    const { appId, headers } = await appOf(u);
    const now = t.clock.now().getTime();
    const future = event(t, 'future', { at: now + 3_600_000 });
    const old = event(t, 'old', { at: now - 73 * 3_600_000 });
    const events = [
      event(t, 'ok_one'),
      { id: 'bad-name', name: '1 not a name', at: now },
      { id: 'bad-types', name: 'typed', at: 'yesterday', properties: { nested: { no: 1 } } },
      future,
      old,
      event(t, 'skewed', { at: now + 120_000 }),
      'not an object',
    ];
    const res = await send(t, headers, 'device-0003', { events }, { 'x-lang': 'ru' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected).toEqual([
      { index: 1, id: 'bad-name', reason: 'invalid', fields: ['name'], message: 'Событие составлено неверно' },
      { index: 2, id: 'bad-types', reason: 'invalid', fields: ['at', 'properties'], message: 'Событие составлено неверно' },
      { index: 3, id: future.id, reason: 'future', fields: ['at'], message: expect.stringContaining('будущем') },
      { index: 4, id: old.id, reason: 'tooOld', fields: ['at'], message: expect.stringContaining('72') },
      { index: 6, id: null, reason: 'invalid', fields: [], message: 'Событие составлено неверно' },
    ]);
    const rows = await stored(appId);
    expect(rows.map((r) => r.name).sort()).toEqual(['ok_one', 'skewed']);
    // A device clock a little ahead is believed up to now, not beyond.
    expect(rows.find((r) => r.name === 'skewed')!.at.getTime()).toBe(now);
  });

  it('refuses a whole batch that is not one, with a readable reason', async () => {
    const { headers } = await appOf(u);
    const tooMany = await send(t, headers, 'device-0004', { events: Array.from({ length: 501 }, () => event(t, 'x')) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().ret.msg).not.toMatch(/events\.\d|ZodError|at \//);
    expect((await send(t, headers, 'device-0004', { events: 'many' })).statusCode).toBe(400);
    expect((await send(t, headers, 'device-0004', { events: [] })).statusCode).toBe(400);
    expect((await send(t, headers, 'x', { events: [event(t, 'x')] })).statusCode).toBe(400);
    const noKey = await t.app.inject({ method: 'POST', url: `${analyticsApi.sendAnalyticsEvents.fullPath}?deviceId=device-0004`, payload: { events: [event(t, 'x')] } });
    expect(noKey.statusCode).toBe(401);
    const wrongKey = await send(t, { ...headers, api_key: 'wrong' }, 'device-0004', { events: [event(t, 'x')] });
    expect(wrongKey.statusCode).toBe(401);
    const huge = await send(t, headers, 'device-0004', { events: [event(t, 'x', { blob: 'x'.repeat(2 * 1024 * 1024) })] });
    expect(huge.statusCode).toBe(413);
  });

  it('keeps nothing of an instance that opted out, until it opts back in', async () => {
    const { appId, headers } = await appOf(u);
    const optOut = (optedOut: boolean) => t.app.inject({ method: 'PUT', url: `${analyticsApi.setAnalyticsOptOut.fullPath}?deviceId=device-0005`, headers, payload: { optedOut } });
    expect((await optOut(true)).json().optedOut).toBe(true);
    expect((await send(t, headers, 'device-0005', { events: [event(t, 'screen_view')] })).json()).toMatchObject({ accepted: 0, optedOut: true });
    expect((await send(t, headers, 'device-0006', { events: [event(t, 'screen_view')] })).json()).toMatchObject({ accepted: 1, optedOut: false });
    await optOut(false);
    expect((await send(t, headers, 'device-0005', { events: [event(t, 'screen_view')] })).json()).toMatchObject({ accepted: 1 });
    const rows = await t.deps.db.select().from(analyticsEvents).where(and(eq(analyticsEvents.appId, appId), eq(analyticsEvents.instanceId, 'device-0005')));
    expect(rows).toHaveLength(1);
  });

  it("stores an event on its day in the app's reporting time zone", async () => {
    const { appId, headers } = await appOf(u, 'russia');
    // 22:30 UTC on the 19th is 01:30 on the 20th in Moscow.
    await send(t, headers, 'device-0007', { events: [event(t, 'late', { at: Date.UTC(2026, 10, 19, 22, 30) })] });
    const [row] = await stored(appId);
    expect(row!.day).toBe('2026-11-20');
  });
});
