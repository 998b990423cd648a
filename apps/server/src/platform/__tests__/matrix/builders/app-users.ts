import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { APP_CLIENT_HEADERS, appApi, appUsersApi } from '@wharf/contract';
import type { TestUser } from '../../../../harness';
import { signInThrough, startProvider } from '../../../../harness/oidc-provider';
import type { Seed } from '../seed';
import type { Builders } from '../types';

/** An app's client credentials as its calls send them. */
export async function appHeaders(holder: TestUser, appId: string): Promise<Record<string, string>> {
  const client = (await holder.call(appApi.getAppClient, { query: { appId } })).json().client as { clientId: string; apiKey: string };
  return { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey };
}

/** A's app, with anonymous, email and phone sign-in turned on in A's project (German numbers texted). */
async function aApp(s: Seed): Promise<Record<string, string>> {
  await s.a.holder.call(appUsersApi.setAuthMethods, { query: { projectId: s.a.projectId }, body: { anonymous: true, email: true, phone: true } });
  await s.a.holder.call(appUsersApi.setPhonePolicy, { query: { projectId: s.a.projectId }, body: { countries: ['DE'] } });
  return appHeaders(s.a.holder, s.a.app.appId);
}

let numbers = 0;
/** A fresh German number with a code texted to it (read from the SMS outbox). */
async function phoneWithCode(s: Seed): Promise<{ headers: Record<string, string>; phone: string; code: string }> {
  const headers = await aApp(s);
  const phone = `+4915123${String(4000 + (numbers += 1)).padStart(4, '0')}`;
  await s.t.app.inject({ method: 'POST', url: appUsersApi.sendPhoneCode.fullPath, headers, payload: { phone } });
  const code = await textedCode(s, phone);
  s.secrets.push(code);
  return { headers, phone, code };
}

async function signedIn(s: Seed): Promise<{ headers: Record<string, string>; refreshToken: string; accessToken: string; appUserId: string }> {
  const headers = await aApp(s);
  const res = await s.t.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers, payload: {} });
  const body = res.json() as { refreshToken: string; accessToken: string; user: { appUserId: string } };
  return { headers, refreshToken: body.refreshToken, accessToken: body.accessToken, appUserId: body.user.appUserId };
}

const email = () => `matrix-${randomUUID().slice(0, 8)}@example.com`;

const APP_REDIRECT = 'https://matrix.example.com/auth';
let provider: ReturnType<typeof startProvider> | null = null;
/** A's app with a real OpenID Connect provider (started on first use) turned on, and a redirect URI listed. */
async function aProvider(s: Seed): Promise<Record<string, string>> {
  const headers = await aApp(s);
  const query = { projectId: s.a.projectId };
  const settings = (await s.a.holder.call(appUsersApi.listIdentityProviders, { query })).json() as { callbackUrl: string; providers: unknown[] };
  provider ??= startProvider(settings.callbackUrl);
  const op = await provider;
  if (!settings.providers.length) {
    await s.a.holder.call(appUsersApi.saveIdentityProvider, { params: { providerId: 'matrix-op' }, query, body: { name: 'Matrix OP', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, enabled: true } });
    await s.a.holder.call(appUsersApi.setRedirectUris, { query, body: { redirectUris: [APP_REDIRECT] } });
  }
  return { ...headers, callbackUrl: settings.callbackUrl };
}

/** A provider sign-in of A's app, through the provider's pages, up to Wharf's callback (not yet visited). */
async function atCallback(s: Seed): Promise<{ headers: Record<string, string>; callback: URL; verifier: string }> {
  const { callbackUrl, ...headers } = await aProvider(s);
  const verifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(verifier).digest('base64url');
  const start = await s.t.app.inject({ method: 'POST', url: appUsersApi.startOidcSignIn.fullPath, headers, payload: { providerId: 'matrix-op', redirectUri: APP_REDIRECT, codeChallenge } });
  const callback = new URL(await signInThrough((start.json() as { authorizationUrl: string }).authorizationUrl, 'matrix-person', callbackUrl!));
  return { headers, callback, verifier };
}

/** A user of A's app who signed up with an email (not yet verified). */
async function signedUp(s: Seed): Promise<{ headers: Record<string, string>; accessToken: string; email: string }> {
  const headers = await aApp(s);
  const address = email();
  const res = await s.t.app.inject({ method: 'POST', url: appUsersApi.signUpWithEmail.fullPath, headers, payload: { email: address, password: 'matrix password' } });
  return { headers, accessToken: (res.json() as { accessToken: string }).accessToken, email: address };
}

/** The code of the last mail of a kind to an address (the outbox is the test's inbox). */
export async function mailedCode(s: Pick<Seed, 't'>, to: string, kind: string): Promise<string> {
  const rows = (await s.t.deps.database.executeSql(`select text from mail_outbox where "to" = $1 and kind = $2 order by created_at desc, id desc limit 1`, [to, kind])).rows as Array<{ text: string }>;
  const code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no ${kind} mail to ${to}`);
  return code;
}

/** The code of the last text to a number (the SMS outbox is the test's phone); texts start with it. */
export async function textedCode(s: Pick<Seed, 't'>, to: string): Promise<string> {
  const rows = (await s.t.deps.database.executeSql(`select text from sms_outbox where "to" = $1 order by created_at desc, id desc limit 1`, [to])).rows as Array<{ text: string }>;
  const code = /^(\d{6})/.exec(rows[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code texted to ${to}`);
  return code;
}

/** Auth Service: the console's calls on A's project, and the app's calls with A's app key. */
export function appUsersBuilders(): Builders {
  return {
    'appUsers.list': { build: (s) => ({ query: { projectId: s.a.projectId, withTotal: 'true', pageSize: 100 } }) },
    'appUsers.authMethods': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'appUsers.setAuthMethods': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { anonymous: true, email: true } }) },
    'appUsers.setDisabled': { build: async (s) => ({ params: { appUserId: (await signedIn(s)).appUserId }, query: { projectId: s.a.projectId }, body: { disabled: true } }) },
    'appUsers.revokeSessions': { build: async (s) => ({ params: { appUserId: (await signedIn(s)).appUserId }, query: { projectId: s.a.projectId }, body: {} }) },
    'appUsers.delete': { build: async (s) => ({ params: { appUserId: (await signedIn(s)).appUserId }, query: { projectId: s.a.projectId } }) },
    'appUsers.jwks': {
      build: async (s) => {
        await signedIn(s);
        return { params: { projectId: s.a.projectId } };
      },
    },
    'appUsers.signInAnonymously': { build: async (s) => ({ headers: await aApp(s), body: {} }) },
    'appUsers.signUpWithEmail': { build: async (s) => ({ headers: await aApp(s), body: { email: email(), password: 'matrix password' } }) },
    'appUsers.signInWithEmail': {
      build: async (s) => {
        const headers = await aApp(s);
        const body = { email: email(), password: 'matrix password' };
        await s.t.app.inject({ method: 'POST', url: appUsersApi.signUpWithEmail.fullPath, headers, payload: body });
        return { headers, body };
      },
    },
    'appUsers.refreshToken': {
      build: async (s) => {
        const session = await signedIn(s);
        return { headers: session.headers, body: { refreshToken: session.refreshToken } };
      },
    },
    'appUsers.signOut': {
      build: async (s) => {
        const session = await signedIn(s);
        return { headers: session.headers, body: { refreshToken: session.refreshToken } };
      },
    },
    'appUsers.linkEmail': {
      build: async (s) => {
        const session = await signedIn(s);
        return { headers: { ...session.headers, authorization: `Bearer ${session.accessToken}` }, body: { email: email(), password: 'matrix password' } };
      },
    },
    'appUsers.sendEmailVerification': {
      build: async (s) => {
        const user = await signedUp(s);
        return { headers: { ...user.headers, authorization: `Bearer ${user.accessToken}` }, body: {} };
      },
    },
    'appUsers.verifyEmail': {
      build: async (s) => {
        const user = await signedUp(s);
        return { headers: { ...user.headers, authorization: `Bearer ${user.accessToken}` }, body: { code: await mailedCode(s, user.email, 'app-user-verify') } };
      },
    },
    'appUsers.sendPasswordReset': { build: async (s) => ({ headers: await aApp(s), body: { email: (await signedUp(s)).email } }) },
    'appUsers.resetPassword': {
      build: async (s) => {
        const user = await signedUp(s);
        await s.t.app.inject({ method: 'POST', url: appUsersApi.sendPasswordReset.fullPath, headers: user.headers, payload: { email: user.email } });
        return { headers: user.headers, body: { email: user.email, code: await mailedCode(s, user.email, 'app-user-reset'), password: 'a new matrix password' } };
      },
    },
    'appUsers.identityProviders': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'appUsers.saveIdentityProvider': {
      build: async (s) => {
        const { callbackUrl } = await aProvider(s);
        const op = await startProvider(callbackUrl!);
        return { params: { providerId: `op-${randomUUID().slice(0, 8)}` }, query: { projectId: s.a.projectId }, body: { name: 'Another OP', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, enabled: true } };
      },
    },
    'appUsers.deleteIdentityProvider': {
      build: async (s) => {
        const { callbackUrl } = await aProvider(s);
        const op = await startProvider(callbackUrl!);
        const providerId = `gone-${randomUUID().slice(0, 8)}`;
        await s.a.holder.call(appUsersApi.saveIdentityProvider, { params: { providerId }, query: { projectId: s.a.projectId }, body: { name: 'Gone OP', issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret, enabled: true } });
        return { params: { providerId }, query: { projectId: s.a.projectId } };
      },
    },
    'appUsers.setRedirectUris': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { redirectUris: [APP_REDIRECT, 'com.tipsy.app:/auth'] } }) },
    'appUsers.startOidcSignIn': {
      build: async (s) => {
        const { callbackUrl: _c, ...headers } = await aProvider(s);
        return { headers, body: { providerId: 'matrix-op', redirectUri: APP_REDIRECT, codeChallenge: createHash('sha256').update('matrix verifier').digest('base64url') } };
      },
    },
    'appUsers.oidcCallback': {
      build: async (s) => ({ query: Object.fromEntries((await atCallback(s)).callback.searchParams) }),
      expect: { status: 303, code: 0, why: 'it sends the browser on to the app' },
    },
    'appUsers.finishOidcSignIn': {
      build: async (s) => {
        const { headers, callback, verifier } = await atCallback(s);
        const back = await s.t.app.inject({ method: 'GET', url: callback.pathname + callback.search });
        const code = new URL(back.headers.location as string).searchParams.get('code')!;
        if (!code) throw new Error(String(back.headers.location));
        s.secrets.push(code);
        return { headers, body: { code, codeVerifier: verifier } };
      },
    },
    'appUsers.sendPhoneCode': { build: async (s) => ({ headers: await aApp(s), body: { phone: `+4915123${String(5000 + (numbers += 1))}` } }) },
    'appUsers.signInWithPhone': {
      build: async (s) => {
        const { headers, phone, code } = await phoneWithCode(s);
        return { headers, body: { phone, code } };
      },
    },
    'appUsers.linkPhone': {
      build: async (s) => {
        const { headers, phone, code } = await phoneWithCode(s);
        const session = await signedIn(s);
        return { headers: { ...headers, authorization: `Bearer ${session.accessToken}` }, body: { phone, code } };
      },
    },
    'appUsers.unlink': {
      build: async (s) => {
        const { headers, phone, code } = await phoneWithCode(s);
        const user = await signedUp(s);
        const linked = await s.t.app.inject({ method: 'POST', url: appUsersApi.linkPhone.fullPath, headers: { ...headers, authorization: `Bearer ${user.accessToken}` }, payload: { phone, code } });
        return { headers: { ...headers, authorization: `Bearer ${(linked.json() as { accessToken: string }).accessToken}` }, body: { provider: 'phone' } };
      },
    },
    'appUsers.templates': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'appUsers.setTemplate': { build: (s) => ({ params: { kind: 'phoneCode', language: 'en' }, query: { projectId: s.a.projectId }, body: { text: `{{code}} is your ${s.marker} code` } }) },
    'appUsers.resetTemplate': { build: (s) => ({ params: { kind: 'resetPassword', language: 'ru' }, query: { projectId: s.a.projectId } }) },
    'appUsers.phonePolicy': { build: (s) => ({ query: { projectId: s.a.projectId } }) },
    'appUsers.setPhonePolicy': { build: (s) => ({ query: { projectId: s.a.projectId }, body: { countries: ['DE', 'RU'] } }) },
    'appUsers.smsUsage': { build: (s) => ({ query: { projectId: s.a.projectId, days: 30 } }) },
    'appUsers.me': {
      build: async (s) => {
        const session = await signedIn(s);
        return { headers: { ...session.headers, authorization: `Bearer ${session.accessToken}` } };
      },
    },
  };
}
