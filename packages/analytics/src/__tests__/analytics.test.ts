import { describe, expect, it } from 'vitest';
import { createClient, memoryStore, type KeyValueStore } from '@wharf/client';
import { configFile, fakeFetch, type Reply, type Seen } from '../../../client/src/__tests__/fake-fetch';
import { Analytics } from '../analytics';

interface Sent {
  context: Record<string, unknown>;
  events: Array<{ id: string; name: string; at: number; value?: number; properties?: Record<string, unknown> }>;
}

function setup(answer: (call: Seen, index: number) => Reply = () => ({ body: { accepted: 1, duplicates: 0, rejected: [], optedOut: false } }), store: KeyValueStore = memoryStore(), start = Date.UTC(2026, 10, 20, 10, 0)) {
  const clock = { t: start };
  const { fetch, seen } = fakeFetch(answer);
  const client = createClient(configFile, { fetch, store, sleep: async () => undefined, random: () => 0, now: () => clock.t });
  const make = (options = {}) => new Analytics(client, { flushIntervalMs: 0, newInstanceId: () => 'instance-0001', now: () => clock.t, context: () => ({ appVersion: '1.0.0', os: 'web' }), ...options });
  const batches = () => seen.filter((c) => c.url.includes('/ha/v1/client/events')).map((c) => c.body as Sent);
  return { clock, seen, client, store, make, batches };
}

describe('@wharf/analytics', () => {
  it('records the first open and a session by itself, and sends events in batches with the context', async () => {
    const s = setup();
    const a = s.make({ batchSize: 3 });
    a.logEvent('level_up', { level: 2 });
    a.screenView('home');
    a.logEvent('purchase', { item: 'sword' }, 9.99);
    await a.flush();
    const sent = s.batches();
    expect(sent.map((b) => b.events.map((e) => e.name))).toEqual([['session_start', 'first_open', 'level_up'], ['screen_view', 'purchase']]);
    expect(sent[0]!.context).toEqual({ appVersion: '1.0.0', os: 'web' });
    expect(sent[1]!.events[1]).toMatchObject({ name: 'purchase', value: 9.99, properties: { item: 'sword' }, at: s.clock.t });
    expect(s.seen[0]!.url).toBe('https://wharf.test/agc/edge/ha/v1/client/events?deviceId=instance-0001');
    expect(new Set(sent.flatMap((b) => b.events.map((e) => e.id))).size).toBe(5);
    // Nothing is sent twice.
    await a.flush();
    expect(s.batches()).toHaveLength(2);
  });

  it('opens once per installation and ends a session after 30 minutes without activity, with its length', async () => {
    const s = setup();
    const first = s.make();
    await first.ready;
    first.logEvent('tap');
    s.clock.t += 60_000;
    first.logEvent('tap');
    s.clock.t += 31 * 60_000;
    first.logEvent('tap');
    await first.flush();
    const names = s.batches().flatMap((b) => b.events.map((e) => `${e.name}${e.value !== undefined ? `:${e.value}` : ''}`));
    expect(names).toEqual(['session_start', 'first_open', 'tap', 'tap', 'session_end:60', 'session_start', 'tap']);
    // The next run of the app: no first_open again, the session goes on.
    s.clock.t += 60_000;
    const again = s.make();
    await again.ready;
    again.logEvent('tap');
    again.endSession();
    await again.flush();
    const next = s.batches().at(-1)!.events.map((e) => `${e.name}${e.value !== undefined ? `:${e.value}` : ''}`);
    expect(next).toEqual(['tap', 'session_end:60']);
  });

  it('keeps events while offline and sends them in order once the network is back, losing none', async () => {
    let online = false;
    const s = setup(() => (online ? { body: { accepted: 1 } } : 'network'));
    const a = s.make();
    a.logEvent('one');
    await a.flush();
    a.logEvent('two');
    await a.flush();
    expect(await s.client.queued()).toBe(2);
    online = true;
    await s.client.flush();
    const sent = s.batches().slice(-2).flatMap((b) => b.events.map((e) => e.name));
    expect(sent).toEqual(['session_start', 'first_open', 'one', 'two']);
    expect(await s.client.queued()).toBe(0);
  });

  it('keeps unsent events across a restart', async () => {
    const store = memoryStore();
    const s = setup(undefined, store);
    const a = s.make();
    a.logEvent('before_crash');
    await a.ready;
    await new Promise((r) => setTimeout(r, 0));
    const next = setup(undefined, store);
    await next.make().flush();
    expect(s.batches()).toEqual([]);
    // The next run sends what the last one recorded, and goes on with its session.
    expect(next.batches().flatMap((b) => b.events.map((e) => e.name))).toEqual(['session_start', 'first_open', 'before_crash']);
  });

  it('records a crash as app_crash with the kind and message of the error, sent on the next start', async () => {
    const store = memoryStore();
    const s = setup(undefined, store);
    const a = s.make();
    a.recordCrash(new RangeError(`index ${'9'.repeat(150)} out of range`));
    a.recordCrash('lost the connection', false);
    await a.ready;
    await new Promise((r) => setTimeout(r, 0));
    const next = setup(undefined, store);
    await next.make().flush();
    const crashes = next.batches().flatMap((b) => b.events).filter((e) => e.name === 'app_crash');
    expect(crashes.map((e) => e.properties)).toEqual([
      { fatal: true, kind: 'RangeError', message: `index ${'9'.repeat(150)} out of range`.slice(0, 100) },
      { fatal: false, kind: 'Error', message: 'lost the connection' },
    ]);
  });

  it('sends nothing once opted out, tells the server, and remembers it', async () => {
    const s = setup();
    const a = s.make();
    a.logEvent('kept_back');
    await a.setOptOut(true);
    a.logEvent('never_sent');
    await a.flush();
    expect(s.batches()).toEqual([]);
    expect(s.seen.find((c) => c.url.includes('/opt-out'))).toMatchObject({ method: 'PUT', body: { optedOut: true } });
    const later = s.make();
    await later.ready;
    expect(later.optedOut).toBe(true);
  });

  it('sends the signed-in user and user properties, and refuses a name that is not one', async () => {
    const s = setup();
    const a = s.make();
    a.setUserId('user-7');
    a.setUserProperty('plan', 'pro');
    a.logEvent('upgrade');
    await a.flush();
    expect(s.batches()[0]!.context).toMatchObject({ userId: 'user-7', userProperties: { plan: 'pro' } });
    expect(() => a.logEvent('2 bad')).toThrow(/not an event name/);
  });
});
