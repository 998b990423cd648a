import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appApi, appUsersApi, defineEndpoint, okResponse, projectApi, RET_CODES } from '@wharf/contract';
import { FAMILIES } from '../..';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import type { Family } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

// Another family's device calls that need the app user (`app-client:user`) or take them
// when signed in (`app-client:optional-user`): the Auth Service checks the token for it.
const answer = okResponse({ appId: z.string().nullable(), appUserId: z.string().nullable(), anonymous: z.boolean() });
const mine = defineEndpoint({ id: 'userProbe.mine', method: 'GET', prefix: 'probe/v1', path: '/mine', access: 'app-client:user', summary: 'probe', response: answer });
const either = defineEndpoint({ id: 'userProbe.either', method: 'GET', prefix: 'probe/v1', path: '/either', access: 'app-client:optional-user', summary: 'probe', response: answer });
const keyOnly = defineEndpoint({ id: 'userProbe.key', method: 'GET', prefix: 'probe/v1', path: '/key', access: 'app-client', summary: 'probe', response: answer });
const probe: Family = {
  name: 'user-probe',
  register(app) {
    for (const e of [mine, either, keyOnly]) registerEndpoint(app, e, async ({ caller }) => ({ appId: caller.appId, appUserId: caller.appUserId, anonymous: caller.appUserAnonymous }));
  },
};

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ families: [...FAMILIES, probe] });
  // Without the Auth Service, nobody can be signed in.
  bare = await createTestApp({ families: [...FAMILIES.filter((f) => f.name !== 'app-users'), probe] });
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

let n = 0;
async function signedIn(on: TestApp) {
  const u = await TestUser.register(on);
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Probe ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Probe ${n}`, packageName: `com.wharf.probe${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
  const headers = await appHeaders(u, app.appId);
  return { u, projectId, appId: app.appId, headers };
}
const get = (on: TestApp, url: string, headers: Record<string, string>) => on.app.inject({ method: 'GET', url, headers });
const verdict = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];

describe('the app user on other families’ device calls', () => {
  it('names the signed-in user, anonymous until they upgrade, and refuses a call that needs one without a token', async () => {
    const { u, projectId, appId, headers } = await signedIn(t);
    await u.call(appUsersApi.setAuthMethods, { query: { projectId }, body: { anonymous: true, email: true } });
    const s = (await t.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers, payload: {} })).json();
    const bearer = { ...headers, authorization: `Bearer ${s.accessToken}` };

    expect((await get(t, mine.fullPath, bearer)).json()).toMatchObject({ appId, appUserId: s.user.appUserId, anonymous: true });
    expect((await get(t, either.fullPath, bearer)).json()).toMatchObject({ appUserId: s.user.appUserId, anonymous: true });
    // The bare level does not read the token at all.
    expect((await get(t, keyOnly.fullPath, bearer)).json()).toMatchObject({ appId, appUserId: null });

    const none = await get(t, mine.fullPath, { ...headers, 'x-lang': 'en' });
    expect(verdict(none)).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(none.json().ret.msg).toContain('sign in again');
    expect((await get(t, either.fullPath, headers)).json()).toMatchObject({ appId, appUserId: null, anonymous: false });

    const up = await t.app.inject({ method: 'POST', url: appUsersApi.linkEmail.fullPath, headers: bearer, payload: { email: `probe${n}@example.com`, password: 'long enough' } });
    expect(up.statusCode, up.body).toBe(200);
    expect((await get(t, mine.fullPath, bearer)).json()).toMatchObject({ appUserId: s.user.appUserId, anonymous: false });
  });

  it('refuses a forged, foreign or disabled user’s token, and the app key comes first', async () => {
    const a = await signedIn(t);
    const b = await signedIn(t);
    for (const x of [a, b]) await x.u.call(appUsersApi.setAuthMethods, { query: { projectId: x.projectId }, body: { anonymous: true, email: false } });
    const s = (await t.app.inject({ method: 'POST', url: appUsersApi.signInAnonymously.fullPath, headers: a.headers, payload: {} })).json();
    const token = s.accessToken as string;
    expect(token, JSON.stringify(s)).toBeTypeOf('string');

    const forged = `${token.slice(0, -4)}AAAA`;
    for (const url of [mine.fullPath, either.fullPath]) {
      expect(verdict(await get(t, url, { ...a.headers, authorization: `Bearer ${forged}` }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
      // Project A's user on project B's app.
      expect(verdict(await get(t, url, { ...b.headers, authorization: `Bearer ${token}` }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    }
    expect(verdict(await get(t, mine.fullPath, { ...a.headers, api_key: 'wrong', authorization: `Bearer ${token}` }))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);

    await a.u.call(appUsersApi.setAppUserDisabled, { query: { projectId: a.projectId }, params: { appUserId: s.user.appUserId }, body: { disabled: true } });
    const off = await get(t, mine.fullPath, { ...a.headers, authorization: `Bearer ${token}`, 'x-lang': 'en' });
    expect(off.statusCode).toBe(403);
    expect(off.json().ret.msg).toMatch(/disabled/i);
  });

  it('without the Auth Service nobody is signed in: a token is refused, its absence is anonymous', async () => {
    const { headers, appId } = await signedIn(bare);
    expect(verdict(await get(bare, mine.fullPath, headers))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect(verdict(await get(bare, either.fullPath, { ...headers, authorization: 'Bearer anything' }))).toEqual([401, RET_CODES.appUserTokenInvalid.code]);
    expect((await get(bare, either.fullPath, headers)).json()).toMatchObject({ appId, appUserId: null });
  });

  it('stops a server where two families would check app users’ tokens', async () => {
    const second: Family = { name: 'second-users', register() {}, appUsers: () => async () => null };
    await expect(createTestApp({ families: [...FAMILIES, second] })).rejects.toThrow(/app-users and second-users both check app users' tokens/);
  });
});
