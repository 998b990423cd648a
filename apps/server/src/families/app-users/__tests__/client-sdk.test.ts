import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_CALLS, createClient, memoryStore, type WharfConfigFile, type WharfError } from '@wharf/client';
import { appApi, appUsersApi, projectApi, RET_CODES } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { signInThrough, startProvider } from '../../../harness/oidc-provider';
import { mailedCode, textedCode } from '../../../platform/__tests__/matrix/builders/app-users';

// @wharf/client against the real server (requests go to it in-process): what the SDK
// sends is what the contract describes, and an app's whole journey works through it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/client', () => {
  it('calls Auth Service where the contract says, with the method it says', () => {
    for (const [name, call] of Object.entries(AUTH_CALLS)) {
      const endpoint = appUsersApi[name as keyof typeof appUsersApi] as { method: string; fullPath: string };
      expect([name, call.method, `/agc/edge${call.path}`]).toEqual([name, endpoint.method, endpoint.fullPath]);
    }
  });

  it('signs in with the downloaded configuration file, upgrades to a verified email, and is signed out with the reason once the console disables the user', async () => {
    const u = await TestUser.register(t);
    const projectId = (await u.call(projectApi.createProject, { body: { name: 'SDK journey' } })).json().project.projectId as string;
    const { appId } = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'SDK notes', packageName: `com.wharf.sdk${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
    await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;

    const client = createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore(), now: () => t.clock.now().getTime() });
    const anonymous = await client.auth.signInAnonymously();
    expect(anonymous).toMatchObject({ anonymous: true, providers: ['anonymous'], projectId });
    const linked = await client.auth.linkEmail('sdk.reader@example.com', 'reader password');
    expect(linked).toMatchObject({ appUserId: anonymous.appUserId, email: 'sdk.reader@example.com', emailVerified: false });
    const verified = await client.auth.verifyEmail(await mailedCode({ t }, 'sdk.reader@example.com', 'app-user-verify'));
    expect(verified.emailVerified).toBe(true);
    expect(client.auth.currentUser?.emailVerified).toBe(true);

    // An hour on, the token is refreshed on its own before the call.
    t.clock.advance(3_600_000);
    expect((await client.auth.reload()).appUserId).toBe(anonymous.appUserId);
    await u.login(); // the console's session idled out in that hour

    const disabled = await u.call(appUsersApi.setAppUserDisabled, { params: { appUserId: anonymous.appUserId }, query: { projectId }, body: { disabled: true } });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const refused = (await client.auth.getAccessToken({ forceRefresh: true }).catch((e: unknown) => e)) as WharfError;
    expect([refused.status, refused.code]).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(refused.message).toContain('disabled');
    expect(client.auth.currentUser).toBeNull();
  });

  it('signs in with an OpenID Connect provider: start, the provider’s pages, back to the app, finish', async () => {
    const u = await TestUser.register(t);
    const projectId = (await u.call(projectApi.createProject, { body: { name: 'SDK provider' } })).json().project.projectId as string;
    const { appId } = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'SDK provider notes', packageName: `com.wharf.sdkop${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
    const { callbackUrl } = (await u.call(appUsersApi.listIdentityProviders, { query: { projectId } })).json() as { callbackUrl: string };
    const op = await startProvider(callbackUrl);
    try {
      await u.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'company-sso' }, query: { projectId }, body: { name: 'Company SSO', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, enabled: true } });
      await u.call(appUsersApi.setRedirectUris, { query: { projectId }, body: { redirectUris: ['https://notes.example.com/signed-in'] } });
      const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
      const client = createClient(file, { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore() });

      const authorizationUrl = await client.auth.startProviderSignIn('company-sso', 'https://notes.example.com/signed-in');
      const atCallback = new URL(await signInThrough(authorizationUrl, 'ann', callbackUrl));
      const back = await t.app.inject({ method: 'GET', url: atCallback.pathname + atCallback.search });
      const user = await client.auth.finishProviderSignIn(back.headers.location as string);
      expect(user).toMatchObject({ email: 'ann@example.com', emailVerified: true, providers: ['company-sso'] });
      expect(client.auth.currentUser?.appUserId).toBe(user.appUserId);
      // The same redirect again is not a second sign-in.
      await expect(client.auth.finishProviderSignIn(back.headers.location as string)).rejects.toThrow('not started here');
    } finally {
      await op.close();
    }
  });

  it('signs in with a texted code, and links a number to an anonymous user', async () => {
    const u = await TestUser.register(t);
    const projectId = (await u.call(projectApi.createProject, { body: { name: 'SDK phone' } })).json().project.projectId as string;
    const { appId } = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'SDK phone notes', packageName: `com.wharf.sdkphone${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
    await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: false, phone: true } });
    await u.call(appUsersApi.setPhonePolicy, { query: { projectId }, body: { countries: ['DE'] } });
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const client = createClient(file, { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore() });
    const texted = (phone: string) => textedCode({ t }, phone);

    expect(await client.auth.sendPhoneCode('+49 151 2345 6790')).toBe(600);
    const user = await client.auth.signInWithPhone('+49 151 2345 6790', await texted('+4915123456790'));
    expect(user).toMatchObject({ phone: '+4915123456790', providers: ['phone'] });
    await client.auth.signOut();

    const anonymous = await client.auth.signInAnonymously();
    await client.auth.sendPhoneCode('+4915123456791');
    const linked = await client.auth.linkPhone('+4915123456791', await texted('+4915123456791'));
    expect(linked).toMatchObject({ appUserId: anonymous.appUserId, anonymous: false, phone: '+4915123456791' });
  });

  it('tells the app, in its language, that its key is wrong', async () => {
    const file = { agcgw: { url: 'http://wharf.test/agc/edge' }, client: { app_id: 'a', project_id: 'p', client_id: '000000000000000000', api_key: 'not a key' } };
    const client = createClient(file, { fetch: serverFetch, store: memoryStore(), lang: 'zh' });
    const err = (await client.auth.signInAnonymously().catch((e: unknown) => e)) as WharfError;
    expect([err.status, err.code, err.message]).toEqual([401, RET_CODES.appCredentialsInvalid.code, RET_CODES.appCredentialsInvalid.zh]);
  });
});
