import { describe, expect, it } from 'vitest';
import { AUTH_CALLS } from '../auth-calls';
import { createClient, type ClientOptions } from '../client';
import { WHARF_CODES } from '../errors';
import { memoryStore, type KeyValueStore } from '../storage';
import { configFile, fakeFetch, session, user, type Seen } from './fake-fetch';

const path = (c: Seen) => new URL(c.url).pathname.replace('/agc/edge', '');
const refused = (code: number, status: number, msg: string) => ({ status, body: { ret: { code, msg } } });

function setup(answer: Parameters<typeof fakeFetch>[0], opts: { store?: KeyValueStore; clock?: { t: number } } = {}) {
  const f = fakeFetch(answer);
  const clock = opts.clock ?? { t: 0 };
  const options: ClientOptions = { fetch: f.fetch, store: opts.store ?? memoryStore(), now: () => clock.t, sleep: async () => undefined };
  return { c: createClient(configFile, options), seen: f.seen, clock };
}

describe('the app user’s session', () => {
  it('is kept in the store: a new client (the app started again) is still signed in, and listeners hear each change', async () => {
    const store = memoryStore();
    const first = setup(() => ({ body: session(1) }), { store });
    const heard: (string | null)[] = [];
    first.c.auth.onAuthStateChanged((u) => heard.push(u?.appUserId ?? null));
    expect((await first.c.auth.signInAnonymously()).appUserId).toBe('u-1');
    const again = setup(() => ({ body: { user: user() } }), { store });
    await again.c.auth.ready;
    expect(again.c.auth.currentUser?.appUserId).toBe('u-1');
    await first.c.auth.signOut();
    expect(first.seen.map(path)).toEqual([AUTH_CALLS.signInAnonymously.path, AUTH_CALLS.signOutAppUser.path]);
    expect(first.seen[1]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(heard).toEqual([null, 'u-1', null]);
    expect(await store.get('wharf:app-1:session')).toBeNull();
  });

  it('refreshes the access token a minute before it ends, once for many callers, and sends the new one', async () => {
    let n = 1;
    const { c, seen, clock } = setup((call) => (path(call) === AUTH_CALLS.refreshAppUserToken.path ? { body: session(++n) } : path(call) === AUTH_CALLS.currentAppUser.path ? { body: { user: user() } } : { body: session(1) }));
    await c.auth.signInWithEmail('reader@example.com', 'reader password');
    expect(await c.auth.getAccessToken()).toBe('access-1');
    clock.t = 3_600_000 - 59_000;
    const tokens = await Promise.all([c.auth.getAccessToken(), c.auth.getAccessToken(), c.auth.reload().then(() => 'reloaded')]);
    expect(tokens).toEqual(['access-2', 'access-2', 'reloaded']);
    expect(seen.filter((s) => path(s) === AUTH_CALLS.refreshAppUserToken.path).map((s) => s.body)).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(seen.find((s) => path(s) === AUTH_CALLS.currentAppUser.path)?.headers.authorization).toBe('Bearer access-2');
  });

  it('refreshes once and tries again when the server no longer takes the token', async () => {
    const { c, seen } = setup((call) => {
      if (path(call) === AUTH_CALLS.refreshAppUserToken.path) return { body: session(2) };
      if (path(call) === AUTH_CALLS.currentAppUser.path) return call.headers.authorization === 'Bearer access-1' ? refused(WHARF_CODES.appUserTokenInvalid, 401, 'expired') : { body: { user: user('u-1', { email: 'a@b.c' }) } };
      return { body: session(1) };
    });
    await c.auth.signInAnonymously();
    expect((await c.auth.reload()).email).toBe('a@b.c');
    expect(c.auth.currentUser?.email).toBe('a@b.c');
    expect(seen.map(path)).toEqual([AUTH_CALLS.signInAnonymously.path, AUTH_CALLS.currentAppUser.path, AUTH_CALLS.refreshAppUserToken.path, AUTH_CALLS.currentAppUser.path]);
  });

  it('ends on this device with the server’s reason when a refresh is refused (a disabled user), but not when no answer came', async () => {
    let offline = false;
    const { c, clock } = setup((call) => {
      if (path(call) !== AUTH_CALLS.refreshAppUserToken.path) return { body: session(1) };
      return offline ? 'network' : refused(WHARF_CODES.appUserTokenInvalid, 401, 'This user has been disabled');
    });
    const heard: (string | null)[] = [];
    await c.auth.signInAnonymously();
    c.auth.onAuthStateChanged((u) => heard.push(u?.appUserId ?? null));
    clock.t = 3_600_000;
    offline = true;
    await expect(c.auth.getAccessToken()).rejects.toMatchObject({ code: 'network' });
    expect(c.auth.currentUser).not.toBeNull();
    offline = false;
    await expect(c.auth.getAccessToken()).rejects.toThrow('This user has been disabled');
    expect(c.auth.currentUser).toBeNull();
    await expect(c.auth.reload()).rejects.toMatchObject({ code: 'signed-out' });
    await c.auth.ready;
    expect(heard).toEqual(['u-1', null]);
  });

  it('adopts the tokens another tab stored by its refresh, instead of spending the old refresh token again', async () => {
    const store = memoryStore();
    const clock = { t: 0 };
    let n = 1;
    const tabA = setup((call) => (path(call) === AUTH_CALLS.refreshAppUserToken.path ? { body: session(++n) } : { body: session(1) }), { store, clock });
    await tabA.c.auth.signInAnonymously();
    const tabB = setup(() => ({ body: session(99) }), { store, clock });
    await tabB.c.auth.ready;
    clock.t = 3_600_000;
    expect(await tabA.c.auth.getAccessToken()).toBe('access-2');
    // Tab B still holds refresh-1 in memory; the store has tab A's new pair, fresh for an hour.
    expect(await tabB.c.auth.getAccessToken()).toBe('access-2');
    expect(tabB.seen).toEqual([]);
  });

  it('links an email to the anonymous user, keeping their ID, and verifies it with the mailed code', async () => {
    const linked = { ...session(2), user: user('u-1', { anonymous: true, email: 'reader@example.com', providers: ['anonymous', 'email'] }) };
    const { c, seen } = setup((call) => {
      const p = path(call);
      if (p === AUTH_CALLS.linkEmail.path) return { body: linked };
      if (p === AUTH_CALLS.verifyEmail.path) return { body: { user: { ...linked.user, emailVerified: true } } };
      return { body: session(1) };
    });
    await c.auth.signInAnonymously();
    expect((await c.auth.linkEmail('reader@example.com', 'reader password')).providers).toEqual(['anonymous', 'email']);
    expect((await c.auth.verifyEmail('123456')).emailVerified).toBe(true);
    expect(c.auth.currentUser).toMatchObject({ appUserId: 'u-1', emailVerified: true });
    expect(seen.at(-1)).toMatchObject({ headers: { authorization: 'Bearer access-2' }, body: { code: '123456' } });
  });
});
