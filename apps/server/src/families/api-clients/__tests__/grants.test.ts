import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientsApi, appApi, projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
let u: TestUser;
let projectId: string;
const apps: Array<{ appId: string; packageName: string }> = [];
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Granted' } })).json().project.projectId;
  for (const n of [1, 2]) {
    apps.push((await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Granted ${n}`, packageName: `com.wharf.grants.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app);
  }
});
afterAll(() => t.close());

async function client(projectIdOf: string | null = null) {
  const made = (await u.call(apiClientsApi.createApiClient, { body: { name: `Grants ${Math.random().toString(36).slice(2, 8)}`, role: 'publishing', projectId: projectIdOf } })).json();
  const token = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: made.client.clientId, client_secret: made.clientSecret } });
  const headers = { authorization: `Bearer ${token.json().access_token as string}` };
  const appInfo = (appId: string) => t.app.inject({ url: `/api/publish/v2/app-info?appId=${appId}`, headers });
  const appIds = async () => (await t.app.inject({ url: `/api/publish/v2/appid-list?packageName=${apps.map((a) => a.packageName).join(',')}`, headers })).json().appids.map((a: { value: string }) => a.value);
  return { clientId: made.client.clientId as string, appInfo, appIds };
}

describe('grant records', () => {
  it('limit a client to the granted apps at once, list what can be granted, and lift the limit with the last grant', async () => {
    const c = await client();
    const [a1, a2] = apps.map((a) => a.appId) as [string, string];
    const grantable = (await u.call(apiClientsApi.grantableResources, { query: { clientId: c.clientId } })).json();
    expect(grantable.resources.map((r: { appId: string }) => r.appId).sort()).toEqual([a1, a2].sort());
    expect((await c.appInfo(a2)).statusCode).toBe(200);

    const granted = (await u.call(apiClientsApi.grantRecord, { body: { clientId: c.clientId, appIds: [a1] } })).json();
    expect(granted).toMatchObject({ limited: true, resources: [{ appId: a1, name: 'Granted 1', grantedAt: expect.any(String) }] });
    expect((await c.appInfo(a1)).statusCode).toBe(200);
    expect((await c.appInfo(a2)).statusCode).toBe(403);
    expect(await c.appIds()).toEqual([a1]);

    const lifted = (await u.call(apiClientsApi.revokeGrant, { query: { clientId: c.clientId, appId: a1 } })).json();
    expect(lifted).toEqual(expect.objectContaining({ limited: false, resources: [] }));
    expect((await c.appInfo(a2)).statusCode).toBe(200);
    const audit = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action in ('api-clients.grant', 'api-clients.revokeGrant') order by id`, [c.clientId]);
    expect(audit.rows).toEqual([{ action: 'api-clients.grant' }, { action: 'api-clients.revokeGrant' }]);
  });

  it("refuse another team's app, another project's app for a project-level client, and an unknown grant, changing nothing", async () => {
    const other = await TestUser.register(t);
    const theirProject = (await other.call(projectApi.createProject, { body: { name: 'Theirs' } })).json().project.projectId;
    const theirs = (await other.call(appApi.createApp, { body: { projectId: theirProject, platform: 'android', name: 'Theirs', packageName: 'com.wharf.grants.theirs', category: 'app', defaultLanguage: 'enUS' } })).json().app;
    const c = await client();
    const refused = await u.call(apiClientsApi.grantRecord, { body: { clientId: c.clientId, appIds: [theirs.appId] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ret.msg).toMatch(/appIds/);
    const elsewhere = (await u.call(projectApi.createProject, { body: { name: 'Elsewhere' } })).json().project.projectId;
    const scoped = await client(elsewhere);
    expect((await u.call(apiClientsApi.grantRecord, { body: { clientId: scoped.clientId, appIds: [apps[0]!.appId] } })).statusCode).toBe(400);
    expect((await u.call(apiClientsApi.grantableResources, { query: { clientId: scoped.clientId } })).json().resources).toEqual([]);
    expect((await u.call(apiClientsApi.revokeGrant, { query: { clientId: c.clientId, appId: apps[0]!.appId } })).statusCode).toBe(404);
    expect((await u.call(apiClientsApi.grantedResources, { query: { clientId: c.clientId } })).json()).toMatchObject({ limited: false, resources: [] });
    expect((await other.call(apiClientsApi.grantedResources, { query: { clientId: c.clientId } })).statusCode).toBe(404);
  });

  it("give the console's address where a client's grants are managed", async () => {
    const c = await client();
    const res = (await u.call(apiClientsApi.grantUrl, { query: { clientId: c.clientId } })).json();
    expect(res.url).toMatch(new RegExp(`/#/team/users\\?tab=api-keys&client=${c.clientId}$`));
  });
});
