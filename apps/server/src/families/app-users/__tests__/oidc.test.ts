import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, appUsersApi, projectApi, RET_CODES, type AppUser } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { signInThrough, startProvider } from '../../../harness/oidc-provider';
import { appHeaders, mailedCode } from '../../../platform/__tests__/matrix/builders/app-users';

// Sign-in with an OpenID Connect provider, against a real one (oidc-provider) started here:
// the authorization-code flow with PKCE, state and nonce, through its login and consent
// pages, to Wharf's callback and back to the app.

const PUBLIC_URL = 'http://wharf.test';
const CALLBACK = `${PUBLIC_URL}${appUsersApi.oidcCallback.fullPath}`;
const APP_REDIRECT = 'https://notes.example.com/auth/done';
let t: TestApp;
let op: Awaited<ReturnType<typeof startProvider>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  op = await startProvider(CALLBACK);
});
afterAll(async () => {
  await op.close();
  await t.close();
});

type Session = { user: AppUser; accessToken: string; refreshToken: string };
let n = 0;
async function projectWithProvider(u: TestUser) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `OIDC ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Notes ${n}`, packageName: `com.wharf.oidc${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
  const saved = await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'test-op' }, query: { projectId }, body: { name: 'Test OP', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, enabled: true } });
  expect(saved.statusCode, saved.body).toBe(200);
  await u.call(appUsersApi.setRedirectUris, { query: { projectId }, body: { redirectUris: [APP_REDIRECT] } });
  return { projectId, headers: { ...(await appHeaders(u, app.appId)), 'content-type': 'application/json' } };
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const post = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];

/** The app starts, the person signs in at the provider as `login`, Wharf's callback sends them back: the app's redirect. */
async function throughProvider(headers: Record<string, string>, login: string, token?: string) {
  const { verifier, challenge } = pkce();
  const start = await post(appUsersApi.startOidcSignIn.fullPath, { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, { providerId: 'test-op', redirectUri: APP_REDIRECT, codeChallenge: challenge, state: 'app-state-1' });
  expect(start.statusCode, start.body).toBe(200);
  const back = new URL(await signInThrough(start.json().authorizationUrl, login, CALLBACK));
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(callback.statusCode, callback.body).toBe(303);
  return { redirect: new URL(callback.headers.location as string), verifier, callbackUrl: back };
}

async function signIn(headers: Record<string, string>, login: string, token?: string): Promise<Session> {
  const { redirect, verifier } = await throughProvider(headers, login, token);
  expect(redirect.origin + redirect.pathname).toBe(APP_REDIRECT);
  expect([redirect.searchParams.get('error_description'), redirect.searchParams.get('state')]).toEqual([null, 'app-state-1']);
  const finish = await post(appUsersApi.finishOidcSignIn.fullPath, headers, { code: redirect.searchParams.get('code'), codeVerifier: verifier });
  expect(finish.statusCode, finish.body).toBe(200);
  return finish.json() as Session;
}

describe('identity providers in the console', () => {
  it('are saved once their discovery document is read; the secret is sealed and shown by its end only', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectWithProvider(u);
    const wrong = await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'nowhere' }, query: { projectId }, body: { name: 'Nowhere', issuer: 'http://127.0.0.1:9/', clientId: 'x', clientSecret: 'y', enabled: true } });
    expect(verdict(wrong)).toEqual([400, RET_CODES.invalidInput.code]);
    expect(wrong.json().ret.msg).toContain("Could not read the provider's OpenID configuration");
    const noSecret = await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'other-op' }, query: { projectId }, body: { name: 'Other', issuer: op.issuer, clientId: op.clientId, enabled: true } });
    expect(noSecret.json().ret.msg).toBe('A new provider needs its client secret');
    const insecure = await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'plain-op' }, query: { projectId }, body: { name: 'Plain', issuer: 'http://idp.example.com', clientId: 'x', clientSecret: 'y', enabled: true } });
    expect(insecure.statusCode).toBe(400);

    const settings = (await u.call(appUsersApi.listIdentityProviders, { query: { projectId } })).json();
    expect(settings).toMatchObject({ callbackUrl: CALLBACK, redirectUris: [APP_REDIRECT], providers: [{ providerId: 'test-op', name: 'Test OP', issuer: op.issuer, clientId: op.clientId, secretHint: 'cret', scopes: 'openid email profile', enabled: true }] });
    expect(JSON.stringify(settings)).not.toContain(op.clientSecret);
    const bad = await u.call(appUsersApi.setRedirectUris, { query: { projectId }, body: { redirectUris: ['http://evil.example.com/cb', 'javascript:alert(1)'] } });
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['redirectUris.0', 'redirectUris.1']);
  });
});

describe('signing in with a provider', () => {
  it('makes a new user with the verified email and links them; the same person again is the same user', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithProvider(u);
    const first = await signIn(headers, 'ann');
    expect(first.user).toMatchObject({ email: 'ann@example.com', emailVerified: true, displayName: 'Ann Provider', anonymous: false, providers: ['test-op'] });
    const again = await signIn(headers, 'ann');
    expect(again.user.appUserId).toBe(first.user.appUserId);
    const me = await t.app.inject({ method: 'GET', url: appUsersApi.currentAppUser.fullPath, headers: { ...headers, authorization: `Bearer ${again.accessToken}` } });
    expect(me.json().user.providers).toEqual(['test-op']);
    const list = (await u.call(appUsersApi.listAppUsers, { query: { projectId, pageSize: 50, withTotal: 'true' } })).json();
    expect(list.items.map((x: AppUser) => [x.email, x.providers])).toEqual([['ann@example.com', ['test-op']]]);
  });

  it('links the provider to the anonymous user who started it, keeping their user ID', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithProvider(u);
    const anonymous = (await post(appUsersApi.signInAnonymously.fullPath, headers, {})).json() as Session;
    const linked = await signIn(headers, 'ann', anonymous.accessToken);
    expect(linked.user).toMatchObject({ appUserId: anonymous.user.appUserId, anonymous: false, providers: ['test-op'] });
  });

  it('never links by an email the provider did not verify, nor to an account whose email was never verified', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithProvider(u);
    // bob's address has an account here; the provider says bob@ but did not check it.
    await post(appUsersApi.signUpWithEmail.fullPath, headers, { email: 'bob@example.com', password: 'bob password' });
    const bob = (await throughProvider(headers, 'bob')).redirect;
    expect([bob.searchParams.get('error'), bob.searchParams.get('code')]).toEqual(['account_exists', null]);
    expect(bob.searchParams.get('error_description')).toContain('sign in with it first');
    // cat@ was opened here by someone who never verified it: the provider's verified cat is not handed that account.
    const squatter = (await post(appUsersApi.signUpWithEmail.fullPath, headers, { email: 'cat@example.com', password: 'squatter password' })).json() as Session;
    expect((await throughProvider(headers, 'cat')).redirect.searchParams.get('error')).toBe('account_exists');
    // Once the account's owner verified it, the verified provider account joins it.
    await post(appUsersApi.verifyEmail.fullPath, { ...headers, authorization: `Bearer ${squatter.accessToken}` }, { code: await mailedCode({ t }, 'cat@example.com', 'app-user-verify') });
    const cat = await signIn(headers, 'cat');
    expect(cat.user).toMatchObject({ appUserId: squatter.user.appUserId, providers: ['email', 'test-op'] });
  });

  it('refuses a redirect URI off the list, a provider turned off, a callback used twice, a wrong verifier and a spent code', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithProvider(u);
    const { challenge } = pkce();
    const offList = await post(appUsersApi.startOidcSignIn.fullPath, headers, { providerId: 'test-op', redirectUri: 'https://other.example.com/cb', codeChallenge: challenge });
    expect(verdict(offList)).toEqual([400, RET_CODES.invalidInput.code]);
    expect(offList.json().ret.msg).toContain("not in the project's list");

    const { redirect, verifier, callbackUrl } = await throughProvider(headers, 'ann');
    const replay = await t.app.inject({ method: 'GET', url: callbackUrl.pathname + callbackUrl.search });
    expect(verdict(replay)).toEqual([400, RET_CODES.invalidInput.code]);
    const code = redirect.searchParams.get('code');
    const wrong = await post(appUsersApi.finishOidcSignIn.fullPath, headers, { code, codeVerifier: pkce().verifier });
    expect(verdict(wrong)).toEqual([400, RET_CODES.invalidInput.code]);
    // One try: after a wrong verifier even the right one is refused.
    expect(verdict(await post(appUsersApi.finishOidcSignIn.fullPath, headers, { code, codeVerifier: verifier }))).toEqual([400, RET_CODES.invalidInput.code]);

    await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'test-op' }, query: { projectId }, body: { name: 'Test OP', issuer: op.issuer, clientId: op.clientId, enabled: false } });
    const off = await post(appUsersApi.startOidcSignIn.fullPath, headers, { providerId: 'test-op', redirectUri: APP_REDIRECT, codeChallenge: challenge });
    expect(verdict(off)).toEqual([403, RET_CODES.forbidden.code]);
  });

  it('sends the provider’s refusal on to the app', async () => {
    const u = await TestUser.register(t);
    const { headers } = await projectWithProvider(u);
    const { challenge } = pkce();
    const start = (await post(appUsersApi.startOidcSignIn.fullPath, headers, { providerId: 'test-op', redirectUri: APP_REDIRECT, codeChallenge: challenge, state: 's' })).json();
    const state = new URL(start.authorizationUrl).searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: `${appUsersApi.oidcCallback.fullPath}?state=${state}&error=access_denied&error_description=User%20said%20no` });
    const to = new URL(res.headers.location as string);
    expect([to.searchParams.get('error'), to.searchParams.get('error_description'), to.searchParams.get('state')]).toEqual(['access_denied', 'User said no', 's']);
  });
});

describe('a deleted project', () => {
  it('takes its sealed secrets along: the token signing key and the providers’ client secrets', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectWithProvider(u);
    await post(appUsersApi.signInAnonymously.fullPath, headers, {}); // makes the project's signing key
    const secretsOf = async () => (await t.deps.database.executeSql(`select name from secrets where scope = 'project' and scope_id = $1 order by name`, [projectId])).rows.map((r) => (r as { name: string }).name);
    expect(await secretsOf()).toEqual([expect.stringMatching(/^authSigningKey\./), 'identityProvider.test-op']);
    const apps = (await u.call(appApi.appList, { query: { pageSize: 100, withTotal: 'true' } })).json().items as { appId: string; projectId: string }[];
    for (const a of apps.filter((x) => x.projectId === projectId)) expect((await u.call(appApi.deleteApp, { query: { appId: a.appId } })).statusCode).toBe(200);
    expect((await u.call(projectApi.deleteProject, { params: { projectId } })).statusCode).toBe(200);
    expect(await secretsOf()).toEqual([]);
  });
});
