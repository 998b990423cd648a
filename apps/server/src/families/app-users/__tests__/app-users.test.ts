import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, appUsersApi, projectApi, RET_CODES, teamApi, type AppUser } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
/** A project with one app, its sign-in methods as given, and the app's credentials. */
async function projectWithApp(u: TestUser, methods = { anonymous: true, email: true }) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Auth ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Signed ${n}`, packageName: `com.wharf.auth${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: methods });
  return { projectId, appId: app.appId, headers: await appHeaders(u, app.appId) };
}

type Session = { user: AppUser; accessToken: string; refreshToken: string; expiresIn: number; tokenType: string };
const device = (headers: Record<string, string>, url: string, payload: object = {}, extra: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];
const me = (headers: Record<string, string>, accessToken: string) => t.app.inject({ method: 'GET', url: appUsersApi.currentAppUser.fullPath, headers: { ...headers, authorization: `Bearer ${accessToken}` } });
const listUsers = async (u: TestUser, projectId: string, search?: string) => (await u.call(appUsersApi.listAppUsers, { query: { projectId, pageSize: 50, withTotal: 'true', ...(search ? { search } : {}) } })).json();

describe('signing in as an app user', () => {
  it('anonymously: a new user with tokens; the access token names them, and a backend verifies it with the JWKS alone', async () => {
    const u = await TestUser.register(t);
    const { projectId, appId, headers } = await projectWithApp(u);
    const res = await device(headers, appUsersApi.signInAnonymously.fullPath);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as Session;
    expect(s).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, user: { anonymous: true, email: null, providers: ['anonymous'], disabled: false, projectId } });
    expect((await me(headers, s.accessToken)).json().user.appUserId).toBe(s.user.appUserId);

    const jwks = (await t.app.inject({ method: 'GET', url: appUsersApi.appUserJwks.fullPath.replace(':projectId', projectId) })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const { payload } = await jwtVerify(s.accessToken, createLocalJWKSet(jwks), { issuer: `urn:wharf:project:${projectId}`, audience: projectId, currentDate: t.clock.now() });
    expect(payload).toMatchObject({ sub: s.user.appUserId, app_id: appId, anon: true });
  });

  it('with email and password: sign up, sign in, and clear refusals for a taken email or a wrong password', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    const up = await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'Reader@Example.com', password: 'long enough', displayName: 'Reader' }, { 'x-lang': 'en' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().user).toMatchObject({ email: 'reader@example.com', anonymous: false, emailVerified: false, providers: ['email'], displayName: 'Reader' });

    const again = await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'reader@example.com', password: 'another one' }, { 'x-lang': 'en' });
    expect(verdict(again)).toEqual([409, RET_CODES.conflict.code]);
    expect(again.json().ret.msg).toContain('sign in instead');

    const wrong = await device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'reader@example.com', password: 'not it' });
    expect(verdict(wrong)).toEqual([400, RET_CODES.credentialsInvalid.code]);
    const nobody = await device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'nobody@example.com', password: 'long enough' });
    expect(verdict(nobody)).toEqual([400, RET_CODES.credentialsInvalid.code]);
    const ok = await device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'READER@example.com', password: 'long enough' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.appUserId).toBe(up.json().user.appUserId);

    const short = await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'b@example.com', password: 'short' }, { 'x-lang': 'en' });
    expect(short.statusCode).toBe(400);
  });

  it('only with the methods the project turned on, and never in another project', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u, { anonymous: false, email: false });
    const off = await device(headers, appUsersApi.signInAnonymously.fullPath, {}, { 'x-lang': 'en' });
    expect(verdict(off)).toEqual([403, RET_CODES.forbidden.code]);
    expect(off.json().ret.msg).toContain('Anonymous sign-in is not turned on');
    expect(verdict(await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'x@example.com', password: 'long enough' }))).toEqual([403, RET_CODES.forbidden.code]);

    // A token of one project is refused by another project's app.
    const other = await projectWithApp(u);
    const s = (await device(other.headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    const third = await projectWithApp(u);
    expect(verdict(await me(third.headers, s.accessToken))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(verdict(await device(third.headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: s.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
  });
});

describe('guessing passwords', () => {
  it('locks an account for a quarter of an hour after ten wrong passwords in a row, even for the right one', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'guessed@example.com', password: 'the right one' });
    const attempt = (password: string) => device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'guessed@example.com', password });
    for (let i = 0; i < 9; i += 1) expect(verdict(await attempt(`wrong ${i}`))).toEqual([400, RET_CODES.credentialsInvalid.code]);
    // A success clears the count.
    expect((await attempt('the right one')).statusCode).toBe(200);
    for (let i = 0; i < 10; i += 1) await attempt(`wrong again ${i}`);
    expect(verdict(await attempt('the right one'))).toEqual([400, RET_CODES.riskControl.code]);
    t.clock.advance(15 * 60_000 + 1);
    expect((await attempt('the right one')).statusCode).toBe(200);
    await u.login(); // the console session idled out meanwhile
    const actions = (await u.call(teamApi.auditEventList, { query: { pageSize: 100 } })).json().items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['app-users.signInFailed', 'app-users.locked', 'app-users.signIn']));
  });
});

describe('tokens', () => {
  it('refresh: each refresh token is spent once; a reused one ends the session for both holders', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    const first = (await device(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    const second = (await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: first.refreshToken })).json() as Session;
    expect(second.user.appUserId).toBe(first.user.appUserId);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    // The first token again: someone copied it. The session ends, also for the holder of the second.
    expect(verdict(await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: first.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(verdict(await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: second.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(verdict(await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: 'not-a-token' }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
  });

  it('expire after an hour, and refuse a forged or tampered one', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    const s = (await device(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    const [h, p, sig] = s.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${sig}`;
    expect(verdict(await me(headers, tampered))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect(verdict(await me(headers, none))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    t.clock.advance(3600 * 1000 + 1);
    expect(verdict(await me(headers, s.accessToken))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    // The refresh token still gives a fresh one.
    const next = (await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: s.refreshToken })).json() as Session;
    expect((await me(headers, next.accessToken)).statusCode).toBe(200);
  });

  it('sign out ends the session', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    const s = (await device(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    expect((await device(headers, appUsersApi.signOutAppUser.fullPath, { refreshToken: s.refreshToken })).statusCode).toBe(200);
    expect(verdict(await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: s.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
  });
});

describe('the console', () => {
  it('lists the users, searches by email or ID, and disabling one makes their next refresh fail with a clear message', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithApp(u);
    const a = (await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'ann@example.com', password: 'long enough' })).json() as Session;
    t.clock.advance(1000); // newest first: one second apart
    const anon = (await device(headers, appUsersApi.signInAnonymously.fullPath)).json() as Session;
    const all = await listUsers(u, projectId);
    expect(all.total).toBe(2);
    expect(all.items.map((x: AppUser) => x.appUserId)).toEqual([anon.user.appUserId, a.user.appUserId]);
    expect((await listUsers(u, projectId, 'ANN@')).items.map((x: AppUser) => x.email)).toEqual(['ann@example.com']);
    expect((await listUsers(u, projectId, anon.user.appUserId)).items).toHaveLength(1);

    const disabled = await u.call(appUsersApi.setAppUserDisabled, { params: { appUserId: a.user.appUserId }, query: { projectId }, body: { disabled: true } });
    expect(disabled.json().appUser.disabled).toBe(true);
    const refused = await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: a.refreshToken }, { 'x-lang': 'en' });
    expect(verdict(refused)).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(refused.json().ret.msg).toContain('disabled');
    expect(verdict(await device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'ann@example.com', password: 'long enough' }))).toEqual([403, RET_CODES.forbidden.code]);
    expect(verdict(await me(headers, a.accessToken))).toEqual([403, RET_CODES.forbidden.code]);

    // Enabled again, they sign in anew.
    await u.call(appUsersApi.setAppUserDisabled, { params: { appUserId: a.user.appUserId }, query: { projectId }, body: { disabled: false } });
    expect((await device(headers, appUsersApi.signInWithEmail.fullPath, { email: 'ann@example.com', password: 'long enough' })).statusCode).toBe(200);

    const revoked = await u.call(appUsersApi.revokeAppUserSessions, { params: { appUserId: anon.user.appUserId }, query: { projectId }, body: {} });
    expect(revoked.json().revoked).toBe(1);
    expect(verdict(await device(headers, appUsersApi.refreshAppUserToken.fullPath, { refreshToken: anon.refreshToken }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);

    expect((await u.call(appUsersApi.deleteAppUser, { params: { appUserId: anon.user.appUserId }, query: { projectId } })).statusCode).toBe(200);
    expect((await listUsers(u, projectId)).total).toBe(1);
    // Published with the changes, for functions' auth triggers and analytics.
    const events = (await t.deps.database.executeSql(`select topic, payload from events where key = $1 order by id`, [anon.user.appUserId])).rows as Array<{ topic: string; payload: { provider?: string; projectId: string } }>;
    expect(events.map((e) => e.topic)).toEqual(['app-users.created', 'app-users.deleted']);
    expect(events[0]!.payload).toMatchObject({ provider: 'anonymous', projectId });

    const actions = (await u.call(teamApi.auditEventList, { query: { pageSize: 50 } })).json().items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['app-users.authMethods', 'app-users.signUp', 'app-users.disable', 'app-users.enable', 'app-users.revokeSessions', 'app-users.delete']));
  });

  it('keeps the sign-in methods, and lets only those who manage the project change them', async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const { projectId } = await projectWithApp(holder, { anonymous: true, email: false });
    expect((await member.call(appUsersApi.getAuthMethods, { query: { projectId } })).json().methods).toEqual({ anonymous: true, email: false, phone: false });
    expect((await member.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: false, email: false } })).statusCode).toBe(403);
  });

  it('keeps the signing key sealed and passwords hashed', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithApp(u);
    await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'sealed@example.com', password: 'a password to hide' });
    const dump = JSON.stringify([await t.deps.db.execute('select * from secrets'), await t.deps.db.execute('select * from app_users'), await t.deps.db.execute('select * from auth_signing_keys')]);
    expect(dump).not.toContain('a password to hide');
    expect(dump).not.toContain('"d":');
  });
});

describe('anonymous sign-ups', () => {
  it('are capped per project, whichever addresses they come from', async () => {
    const capped = await createTestApp({ env: { RATE_LIMITS: JSON.stringify({ anonymousSignUpPerProject: { limit: 2, windowMs: 3_600_000 } }) } });
    try {
      const u = await TestUser.register(capped);
      const projectId = (await u.call(projectApi.createProject, { body: { name: 'Capped' } })).json().project.projectId as string;
      const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'Capped', packageName: `com.wharf.capped${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
      await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: false } });
      const headers = await appHeaders(u, app.appId);
      const from = (ip: string) => capped.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers, payload: {}, remoteAddress: ip });
      expect((await from('198.51.100.1')).statusCode).toBe(200);
      expect((await from('198.51.100.2')).statusCode).toBe(200);
      const third = await from('203.0.113.9');
      expect(verdict(third)).toEqual([429, RET_CODES.rateLimited.code]);
      expect(third.json().ret.msg).toContain('too many anonymous users this hour');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await capped.close();
    }
  });
});

describe("the user's own profile", () => {
  it('is read from the instance’s memory for a few seconds, but a disable or deletion in the console shows at once', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithApp(u);
    const s = (await device(headers, appUsersApi.signUpWithEmail.fullPath, { email: 'kept@example.com', password: 'long enough' })).json() as Session;
    expect((await me(headers, s.accessToken)).json().user.displayName).toBeNull();
    // Changed behind the service's back: the kept row answers until it is five seconds old.
    await t.deps.database.executeSql(`update app_users set display_name = 'Behind' where id = $1`, [s.user.appUserId]);
    expect((await me(headers, s.accessToken)).json().user.displayName).toBeNull();
    t.clock.advance(5001);
    expect((await me(headers, s.accessToken)).json().user.displayName).toBe('Behind');
    // A change through the family is seen by the next call.
    await u.call(appUsersApi.setAppUserDisabled, { params: { appUserId: s.user.appUserId }, query: { projectId }, body: { disabled: true } });
    expect(verdict(await me(headers, s.accessToken))).toEqual([403, RET_CODES.forbidden.code]);
    await u.call(appUsersApi.setAppUserDisabled, { params: { appUserId: s.user.appUserId }, query: { projectId }, body: { disabled: false } });
    expect((await me(headers, s.accessToken)).statusCode).toBe(200);
    await u.call(appUsersApi.deleteAppUser, { params: { appUserId: s.user.appUserId }, query: { projectId } });
    expect(verdict(await me(headers, s.accessToken))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
  });
});
