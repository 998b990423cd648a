import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { APP_CLIENT_HEADERS, appApi, defineEndpoint, okResponse, projectApi, RET_CODES, teamApi, type AppClient } from '@wharf/contract';
import { FAMILIES } from '../..';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import type { Family } from '../../../platform/deps';
import { registerEndpoint } from '../../../platform/http/register';
import { teamWithMember } from '../../../harness/scenarios';
import { APP_CLIENT_CHANGED, forgetAppClientHere } from '../client-cache';
import { TEAM_APPS_CHANGED } from '../package-index';
import { appClientsRepo } from '../client-repo';

// A device-facing call of the app-client level, as the families of this wave will have.
const whoAmI = defineEndpoint({
  id: 'clientProbe.whoAmI',
  method: 'POST',
  prefix: 'client-probe/v1',
  path: '/who',
  access: 'app-client',
  summary: 'probe',
  body: z.object({}),
  response: okResponse({ kind: z.string(), appId: z.string().nullable(), projectId: z.string().nullable(), teamId: z.string().nullable(), clientId: z.string().nullable() }),
});
const probe: Family = {
  name: 'client-probe',
  register(app) {
    registerEndpoint(app, whoAmI, async ({ caller }) => ({ kind: caller.kind, appId: caller.appId, projectId: caller.projectId, teamId: caller.teamId, clientId: caller.clientId }));
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ families: [...FAMILIES, probe] });
});
afterAll(() => t.close());

let n = 0;
async function newApp(u: TestUser) {
  const projectId = (await u.call(projectApi.createProject, { body: { name: `Keys ${(n += 1)}` } })).json().project.projectId as string;
  const app = (await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: `Keyed ${n}`, packageName: `com.wharf.keys${process.pid}.a${n}`, category: 'app', defaultLanguage: 'enUS' } })).json().app;
  return { projectId, app: app as { appId: string; packageName: string } };
}
const clientOf = async (u: TestUser, appId: string) => (await u.call(appApi.getAppClient, { query: { appId } })).json().client as AppClient;
const who = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: whoAmI.fullPath, headers, payload: {} });
const keyHeaders = (c: AppClient, extra: Record<string, string> = {}) => ({ [APP_CLIENT_HEADERS.clientId]: c.clientId, [APP_CLIENT_HEADERS.apiKey]: c.apiKey, ...extra });
const code = (res: { statusCode: number; json(): { ret: { code: number } } }) => [res.statusCode, res.json().ret.code];

describe("an app's client credentials", () => {
  it('are read once for calls that miss the cache together, after a change made every instance forget them', async () => {
    const u = await TestUser.register(t);
    const { app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    expect((await who(keyHeaders(client))).statusCode).toBe(200);
    forgetAppClientHere(t.deps, client.clientId);
    const reads = vi.spyOn(appClientsRepo, 'byClientId');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => who(keyHeaders(client))));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('are issued with the app, identify it and its project on device calls, and refuse a wrong key or client', async () => {
    const u = await TestUser.register(t);
    const { projectId, app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    expect(client).toMatchObject({ appId: app.appId, packageNames: [], webOrigins: [], keyRotatedAt: null, previousKeyExpiresAt: null });
    expect(client.clientId).toMatch(/^\d{18}$/);
    expect(client.apiKey.length).toBeGreaterThanOrEqual(40);
    // Asked again, the same credentials: they are issued once.
    expect(await clientOf(u, app.appId)).toEqual(client);

    const ok = await who(keyHeaders(client));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ kind: 'app-client', appId: app.appId, projectId, teamId: u.teamId, clientId: client.clientId });
    expect(code(await who(keyHeaders(client, { [APP_CLIENT_HEADERS.apiKey]: `${client.apiKey}x` })))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    expect(code(await who(keyHeaders(client, { [APP_CLIENT_HEADERS.clientId]: '123456789012345678' })))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    expect(code(await who({}))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    // Another app's key with this client ID.
    const other = await clientOf(u, (await newApp(u)).app.appId);
    expect(code(await who({ [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: other.apiKey }))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
  });

  it('keep the key out of the database in clear text', async () => {
    const u = await TestUser.register(t);
    const client = await clientOf(u, (await newApp(u)).app.appId);
    const dump = JSON.stringify(await t.deps.db.execute('select * from secrets'));
    expect(dump).not.toContain(client.apiKey);
  });

  it('admit only listed package names and web origins once restricted, and say so', async () => {
    const u = await TestUser.register(t);
    const { app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    const set = (packageNames: string[], webOrigins: string[]) => u.call(appApi.restrictAppKey, { body: { appId: app.appId, packageNames, webOrigins } });
    const restricted = await set([app.packageName, app.packageName], ['https://shop.example.com/']);
    expect(restricted.json().client).toMatchObject({ packageNames: [app.packageName], webOrigins: ['https://shop.example.com'] });

    const pkg = { [APP_CLIENT_HEADERS.packageName]: app.packageName };
    expect((await who(keyHeaders(client, pkg))).statusCode).toBe(200);
    expect((await who(keyHeaders(client, { origin: 'https://shop.example.com' }))).statusCode).toBe(200);
    const refused = await who(keyHeaders(client, { [APP_CLIENT_HEADERS.packageName]: 'com.other.app', 'x-lang': 'en' }));
    expect(code(refused)).toEqual([403, RET_CODES.appKeyRestricted.code]);
    expect(refused.json().ret.msg).toBe(RET_CODES.appKeyRestricted.en);
    expect(code(await who(keyHeaders(client)))).toEqual([403, RET_CODES.appKeyRestricted.code]);
    // A browser on another site, even naming the right package.
    expect(code(await who(keyHeaders(client, { ...pkg, origin: 'https://evil.example' })))).toEqual([403, RET_CODES.appKeyRestricted.code]);

    // Lifted again: any caller with the key.
    await set([], []);
    expect((await who(keyHeaders(client, { origin: 'https://evil.example' }))).statusCode).toBe(200);

    const bad = await u.call(appApi.restrictAppKey, { body: { appId: app.appId, packageNames: [], webOrigins: ['https://shop.example.com/path'] }, headers: { 'x-lang': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('web origin');
  });

  it('rotate: the new key works at once, the old one for the grace period only, and a rotation without grace refuses it at once', async () => {
    const u = await TestUser.register(t);
    const { app } = await newApp(u);
    const first = await clientOf(u, app.appId);
    expect((await who(keyHeaders(first))).statusCode).toBe(200);

    const rotated = (await u.call(appApi.rotateAppKey, { body: { appId: app.appId, graceHours: 1 } })).json().client as AppClient;
    expect(rotated.clientId).toBe(first.clientId);
    expect(rotated.apiKey).not.toBe(first.apiKey);
    expect(rotated.previousKeyExpiresAt).toBe(new Date(t.clock.now().getTime() + 3_600_000).toISOString());
    expect((await who(keyHeaders(rotated))).statusCode).toBe(200);
    expect((await who(keyHeaders(first))).statusCode).toBe(200);
    t.clock.advance(3_600_000 + 1);
    expect(code(await who(keyHeaders(first)))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    // (The console session is past its idle limit by now: sign in again.)
    await u.login();
    expect((await clientOf(u, app.appId)).previousKeyExpiresAt).toBeNull();

    const now = (await u.call(appApi.rotateAppKey, { body: { appId: app.appId, graceHours: 0 } })).json().client as AppClient;
    expect(code(await who(keyHeaders(rotated)))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
    expect((await who(keyHeaders(now))).statusCode).toBe(200);

    const audit = (await u.call(teamApi.auditEventList, { query: { pageSize: 50 } })).json().items.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['app.clientCreate', 'app.clientRotate']));
    // Made once, with the app, and recorded once however often it was asked for.
    expect(audit.filter((a: string) => a === 'app.clientCreate')).toHaveLength(1);
  });

  it('end with the app: a deleted app’s key is refused', async () => {
    const u = await TestUser.register(t);
    const { app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    expect((await who(keyHeaders(client))).statusCode).toBe(200);
    expect((await u.call(appApi.deleteApp, { query: { appId: app.appId } })).statusCode).toBe(200);
    expect(code(await who(keyHeaders(client)))).toEqual([401, RET_CODES.appCredentialsInvalid.code]);
  });

  it('are made with the app and go with it in its own statement: keys, client and the notices every instance hears', async () => {
    const u = await TestUser.register(t);
    const { app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    const owned = async () => {
      const keys = (await t.deps.database.executeSql('select count(*)::int as n from secrets where scope = $1 and scope_id = $2', ['app', app.appId])).rows as Array<{ n: number }>;
      return [keys[0]!.n, (await appClientsRepo.byApp(t.deps.db, app.appId)) ? 1 : 0];
    };
    expect(await owned()).toEqual([1, 1]);
    const heard: unknown[] = [];
    const stop = [t.deps.pubsub.subscribe(APP_CLIENT_CHANGED, (p) => heard.push(p)), t.deps.pubsub.subscribe(TEAM_APPS_CHANGED, (p) => heard.push(p))];
    expect((await u.call(appApi.deleteApp, { query: { appId: app.appId } })).statusCode).toBe(200);
    expect(await owned()).toEqual([0, 0]);
    await vi.waitFor(() => expect(heard).toEqual(expect.arrayContaining([{ clientId: client.clientId }, { teamIds: [u.teamId] }])));
    for (const s of stop) s();
    // Deleted again: nothing to remove, nothing recorded.
    expect((await u.call(appApi.deleteApp, { query: { appId: app.appId } })).statusCode).toBe(404);
  });

  it('are not made when the app is refused', async () => {
    const u = await TestUser.register(t);
    const { projectId, app } = await newApp(u);
    const keys = async () => ((await t.deps.database.executeSql('select count(*)::int as n from secrets where scope = $1', ['app'])).rows as Array<{ n: number }>)[0]!.n;
    const before = await keys();
    const again = await u.call(appApi.createApp, { body: { projectId, platform: 'android', name: 'Another', packageName: app.packageName, category: 'app', defaultLanguage: 'enUS' } });
    expect(again.statusCode).toBe(409);
    expect(await keys()).toBe(before);
  });

  it('are read by members who may read the app and changed only by those who manage it', async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const { app } = await newApp(holder);
    expect((await member.call(appApi.getAppClient, { query: { appId: app.appId } })).statusCode).toBe(200);
    expect((await member.call(appApi.rotateAppKey, { body: { appId: app.appId, graceHours: 0 } })).statusCode).toBe(403);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(appApi.getAppClient, { query: { appId: app.appId } })).statusCode).toBe(404);
  });
});

describe('the configuration file', () => {
  it('carries the app, its project and its client credentials in AppGallery Connect’s layout', async () => {
    const u = await TestUser.register(t);
    const { projectId, app } = await newApp(u);
    const client = await clientOf(u, app.appId);
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId: app.appId } })).json();
    expect(file.fileName).toBe('agconnect-services.json');
    expect(file.content.client).toEqual({ cp_id: u.teamId, product_id: projectId, project_id: projectId, app_id: app.appId, client_id: client.clientId, api_key: client.apiKey, package_name: app.packageName });
    expect(file.content.agcgw.url).toMatch(/\/agc\/edge$/);
    expect(Object.keys(file.content.agcgw_all)).toEqual(['china', 'singapore', 'europe', 'russia', 'iran']);
  });
});

describe('calls from browsers', () => {
  it('answer the preflight of an app-client call and let the page read the answer, refusals included', async () => {
    const pre = await t.app.inject({ method: 'OPTIONS', url: whoAmI.fullPath, headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'client_id,api_key,content-type' } });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toBe('POST');
    expect(String(pre.headers['access-control-allow-headers'])).toContain('api_key');
    const refused = await who({ origin: 'https://shop.example.com' });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // Console calls are not opened to other sites.
    const consoleCall = await t.app.inject({ method: 'OPTIONS', url: appApi.getAppClient.fullPath, headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'GET' } });
    expect(consoleCall.headers['access-control-allow-origin']).toBeUndefined();
  });
});
