import { describe, expect, it } from 'vitest';
import { createClient } from '../client';
import { WHARF_CODES, WharfError } from '../errors';
import { backoffMs, DEFAULT_RETRY, parseRetryAfter } from '../retry';
import { memoryStore } from '../storage';
import { configFile, fakeFetch, type Reply } from './fake-fetch';

function client(answer: Parameters<typeof fakeFetch>[0]) {
  const f = fakeFetch(answer);
  const waits: number[] = [];
  const c = createClient(configFile, { fetch: f.fetch, store: memoryStore(), lang: 'ru', sleep: async (ms) => void waits.push(ms), random: () => 0.5, now: () => 0 });
  return { c, seen: f.seen, waits };
}

describe('calls with the app key', () => {
  it('are signed with the client ID, the key, the package name and the language, and answer the fields beside ret', async () => {
    const { c, seen } = client(() => ({ body: { value: 42 } }));
    expect(await c.request({ method: 'POST', path: '/x/v1/thing', query: { a: 1, b: undefined }, body: { n: 1 } })).toEqual({ value: 42 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://wharf.test/agc/edge/x/v1/thing?a=1',
      headers: { client_id: '123456789012345678', api_key: 'key-1', 'x-package-name': 'com.example.notes', 'x-lang': 'ru', 'content-type': 'application/json' },
      body: { n: 1 },
    });
  });

  it('throw the server’s message, code, status and field errors', async () => {
    const { c } = client(() => ({ status: 400, body: { ret: { code: 100400, msg: 'Поле «email» неверно' }, errors: [{ field: 'email', message: 'Неверный адрес' }] } }));
    const err = await c.request({ method: 'POST', path: '/x' }).catch((e: unknown) => e as WharfError);
    expect(err).toBeInstanceOf(WharfError);
    expect(err).toMatchObject({ message: 'Поле «email» неверно', code: WHARF_CODES.invalid, status: 400, errors: [{ field: 'email', message: 'Неверный адрес' }], transient: false });
  });

  it('wait as long as a 429 asks and try again, for any call', async () => {
    const { c, seen, waits } = client((_call, i) => (i === 0 ? { status: 429, body: { ret: { code: 100429, msg: 'slow down' } }, headers: { 'retry-after': '2' } } : { body: { done: true } }));
    expect(await c.request({ method: 'POST', path: '/x' })).toEqual({ done: true });
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('try again after no answer or a busy server only when the call is safe to repeat, and give up after the policy’s tries', async () => {
    const flaky = (): Reply => 'network';
    const post = client(flaky);
    await expect(post.c.request({ method: 'POST', path: '/x' })).rejects.toMatchObject({ code: 'network', transient: true });
    expect(post.seen).toHaveLength(1);
    const get = client(flaky);
    await expect(get.c.request({ method: 'GET', path: '/x', idempotent: true })).rejects.toMatchObject({ code: 'network' });
    expect(get.seen).toHaveLength(DEFAULT_RETRY.attempts);
    // Full jitter: half of 300, 600, 1200 ms with random() at 0.5.
    expect(get.waits).toEqual([150, 300, 600]);
    const busy = client((_c, i) => (i < 2 ? { status: 503, body: { ret: { code: 100503, msg: 'busy' } } } : { body: { ok: 1 } }));
    expect(await busy.c.request({ method: 'GET', path: '/x', idempotent: true })).toEqual({ ok: 1 });
  });

  it('back off exponentially up to the cap, and read Retry-After as seconds or a date', () => {
    expect([1, 2, 3, 10].map((a) => backoffMs(DEFAULT_RETRY, a, () => 1))).toEqual([300, 600, 1200, 30_000]);
    expect(backoffMs(DEFAULT_RETRY, 1, () => 1, 120_000)).toBe(30_000);
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
