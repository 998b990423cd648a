import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { teamApi, authApi } from '@wharf/contract';
import { createTestApp, TestUser } from '../../../harness';
import { inProcessPubSub } from '../../../platform/pubsub';
import { SessionCache } from '../service/session-cache';
import type { CachedCaller } from '../service/session-cache';

const entry = {} as CachedCaller;
const apps: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const a of apps.reverse()) await a.close();
});

describe('the session cache', () => {
  it('forgets entries after its TTL, evicts the oldest past its size, and can be cleared', async () => {
    const cache = new SessionCache(30, 2);
    cache.set('a', entry);
    cache.set('b', entry);
    cache.set('c', entry);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(entry);
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('c')).toBeUndefined();
    cache.set('d', entry);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('looks a key up once for requests that miss it together, and not across a clear', async () => {
    const cache = new SessionCache(10_000);
    let lookups = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const lookup = async () => {
      lookups += 1;
      await gate;
      return { session: {}, user: {}, membership: null, team: null } as never;
    };
    const all = Promise.all([cache.load('k', lookup), cache.load('k', lookup), cache.load('k', lookup)]);
    release();
    const results = await all;
    expect(lookups).toBe(1);
    expect(results[0]).toBe(results[2]);
    expect(cache.get('k')).toBe(results[0]);
    let late: () => void = () => undefined;
    const stale = cache.load('j', async () => {
      await new Promise<void>((r) => (late = r));
      return { session: {}, user: {}, membership: null, team: null } as never;
    });
    cache.clear();
    late();
    await stale;
    expect(cache.get('j')).toBeUndefined();
  });

  it('tells the other instances to clear theirs, and is not cleared again by its own message', async () => {
    const pubsub = inProcessPubSub(pino({ level: 'silent' }));
    const here = new SessionCache(60_000, 10, pubsub);
    const there = new SessionCache(60_000, 10, pubsub);
    here.set('a', entry);
    there.set('a', entry);
    here.clear();
    here.set('b', entry);
    await new Promise((r) => setImmediate(r));
    expect(there.size).toBe(0);
    expect(here.get('b')).toBe(entry);
  });

  it('forgets one session everywhere after its refresh or sign-out, keeping the others', async () => {
    const pubsub = inProcessPubSub(pino({ level: 'silent' }));
    const of = (id: string) => ({ found: { session: { id } }, permissions: null }) as unknown as CachedCaller;
    const here = new SessionCache(60_000, 10, pubsub);
    const there = new SessionCache(60_000, 10, pubsub);
    for (const cache of [here, there]) {
      cache.set('s1:team-a', of('s1'));
      cache.set('s1:', of('s1'));
      cache.set('s2:team-a', of('s2'));
    }
    here.forgetSession('s1');
    expect([here.get('s1:team-a'), here.get('s1:'), here.get('s2:team-a')?.found.session.id]).toEqual([undefined, undefined, 's2']);
    await new Promise((r) => setImmediate(r));
    expect([there.get('s1:team-a'), there.get('s1:'), there.get('s2:team-a')?.found.session.id]).toEqual([undefined, undefined, 's2']);
  });

  it('is off with a TTL of 0', () => {
    const cache = new SessionCache(0);
    cache.set('a', entry);
    expect(cache.get('a')).toBeUndefined();
  });

  it('lets another instance see a sign-out once its TTL has passed', async () => {
    const first = await createTestApp({ env: { SESSION_CACHE_TTL_MS: '50' } });
    apps.push(first);
    const second = await createTestApp({ env: { SESSION_CACHE_TTL_MS: '50' }, database: first.deps.database, clock: first.clock });
    apps.push(second);
    const onFirst = await TestUser.register(first);
    const onSecond = new TestUser(second, onFirst.email, onFirst.password);
    for (const [k, v] of onFirst.cookies) onSecond.cookies.set(k, v);
    onSecond.csrf = onFirst.csrf;
    onSecond.teamId = onFirst.teamId;
    expect((await onSecond.call(teamApi.userPermission)).statusCode).toBe(200);
    await onFirst.call(authApi.logout);
    // This instance's own change is seen at once; the other's after its TTL at most.
    expect((await first.app.inject({ url: teamApi.userPermission.fullPath, headers: { teamId: onSecond.teamId }, cookies: Object.fromEntries(onSecond.cookies) })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 60));
    expect((await onSecond.call(teamApi.userPermission)).statusCode).toBe(401);
  });
});
