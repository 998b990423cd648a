import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientsApi, cloudFunctionsApi as api, RET_CODES } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appUser, projectOf } from '../../cloud-db/__tests__/helpers';

// A function's HTTP address for the project's API clients only, or for its apps' signed-in
// users only: the same refusals as the access layer's, and the caller in context.auth.

let t: TestApp;
let u: TestUser;
let project: Awaited<ReturnType<typeof projectOf>>;
const ECHO = `module.exports.myHandler = async (event, context) => ({ auth: context.auth || null });`;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  project = await projectOf(u);
  for (const [name, httpAuth] of [['for-clients', 'apiClient'], ['for-users', 'appUser']] as const) {
    const res = await u.call(api.createFunction, { query: { projectId: project.projectId }, body: { name, code: ECHO, httpAuth } });
    expect(res.json().function.httpAuth).toBe(httpAuth);
  }
});
afterAll(() => t.close());

const call = (name: string, headers: Record<string, string> = {}) => t.deps.userContent.app.inject({ url: `/functions/${project.projectId}/${name}/$latest`, headers });
async function tokenOf(who: TestUser, projectId: string | null) {
  const made = (await who.call(apiClientsApi.createApiClient, { body: { name: `Caller ${Math.random().toString(36).slice(2, 8)}`, role: 'administrator', projectId } })).json();
  const token = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: made.client.clientId, client_secret: made.clientSecret } });
  return { authorization: `Bearer ${token.json().access_token as string}`, clientId: made.client.clientId as string };
}

describe("a function's HTTP address with authentication", () => {
  it("takes only API clients that reach the function's project", async () => {
    const none = await call('for-clients');
    expect(none.statusCode).toBe(401);
    expect(none.json().ret.code).toBe(RET_CODES.apiClientInvalid.code);
    expect((await call('for-clients', { authorization: 'Bearer forged' })).statusCode).toBe(401);
    const stranger = await TestUser.register(t);
    const theirs = await tokenOf(stranger, null);
    expect((await call('for-clients', { authorization: theirs.authorization })).statusCode).toBe(403);
    const other = await projectOf(u);
    const elsewhere = await tokenOf(u, other.projectId);
    expect((await call('for-clients', { authorization: elsewhere.authorization })).statusCode).toBe(403);
    const mine = await tokenOf(u, project.projectId);
    const ok = await call('for-clients', { authorization: mine.authorization });
    if (bubblewrapAvailable()) {
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ auth: { kind: 'apiClient', clientId: mine.clientId } });
    } else expect(ok.statusCode).toBe(503);
  });

  it("takes only signed-in users of the project's apps", async () => {
    const keyOnly = await call('for-users', project.headers);
    expect(keyOnly.statusCode).toBe(401);
    expect(keyOnly.json().ret.code).toBe(RET_CODES.appUserTokenInvalid.code);
    expect((await call('for-users')).statusCode).toBe(401);
    const other = await projectOf(u);
    expect((await call('for-users', (await appUser(t, other.headers)).headers)).statusCode).toBe(403);
    const user = await appUser(t, project.headers);
    const ok = await call('for-users', user.headers);
    if (bubblewrapAvailable()) {
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ auth: { kind: 'appUser', appId: project.appId, appUserId: user.id, anonymous: true } });
    } else expect(ok.statusCode).toBe(503);
  });
});
