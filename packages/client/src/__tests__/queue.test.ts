import { describe, expect, it } from 'vitest';
import { createClient } from '../client';
import type { WharfError } from '../errors';
import { QUEUE_LIMIT, type QueuedCall } from '../queue';
import { memoryStore } from '../storage';
import { configFile, fakeFetch, session } from './fake-fetch';

describe('the offline queue', () => {
  it('keeps calls while there is no network, across a restart, and sends them in order once there is', async () => {
    const store = memoryStore();
    let online = false;
    const f = fakeFetch(() => (online ? { body: {} } : 'network'));
    const first = createClient(configFile, { fetch: f.fetch, store });
    for (const n of [1, 2, 3]) await first.enqueue({ method: 'POST', path: '/ha/v1/events', body: { n } });
    await first.flush();
    expect(await first.queued()).toBe(3);
    online = true;
    const restarted = createClient(configFile, { fetch: f.fetch, store });
    expect(await restarted.flush()).toBe(3);
    expect(f.seen.filter((s) => s.body && (s.body as { n?: number }).n).slice(-3).map((s) => (s.body as { n: number }).n)).toEqual([1, 2, 3]);
    expect(await restarted.queued()).toBe(0);
    expect(await store.get('wharf:app-1:queue')).toBeNull();
  });

  it('drops, and reports, a call the server refuses for good; sends the signed-in user’s token with calls made as them', async () => {
    const dropped: [QueuedCall, WharfError][] = [];
    const f = fakeFetch((call) => {
      if (call.url.endsWith('/signin/anonymous')) return { body: session(1) };
      const n = (call.body as { n: number }).n;
      return n === 2 ? { status: 400, body: { ret: { code: 100400, msg: 'bad event' } } } : { body: {} };
    });
    const c = createClient(configFile, { fetch: f.fetch, store: memoryStore(), onQueuedCallDropped: (call, e) => void dropped.push([call, e]) });
    await c.auth.signInAnonymously();
    for (const n of [1, 2, 3]) await c.enqueue({ method: 'POST', path: '/ha/v1/events', body: { n }, asUser: true });
    await c.flush();
    expect(await c.queued()).toBe(0);
    expect(dropped.map(([call, e]) => [(call.body as { n: number }).n, e.message])).toEqual([[2, 'bad event']]);
    expect(f.seen.filter((s) => (s.body as { n?: number }).n).every((s) => s.headers.authorization === 'Bearer access-1')).toBe(true);
  });

  it(`keeps at most ${QUEUE_LIMIT} calls, the newest`, async () => {
    const f = fakeFetch(() => 'network');
    const c = createClient(configFile, { fetch: f.fetch, store: memoryStore() });
    for (let n = 0; n < QUEUE_LIMIT + 5; n++) await c.enqueue({ method: 'POST', path: '/ha/v1/events', body: { n } });
    expect(await c.queued()).toBe(QUEUE_LIMIT);
  });
});
