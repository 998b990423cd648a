import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClientsApi, HEADERS, projectApi, RET_CODES } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
// A fresh team each time: the tests move the clock past a console session's life.
beforeEach(async () => {
  u = await TestUser.register(t);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const create = (body: Body, who = u) => who.call(apiClientsApi.createApiClient, { body });
const token = (client_id: string, client_secret: string) =>
  t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id, client_secret } });
const brief = (headers: Record<string, string>) => t.app.inject({ url: apiClientsApi.briefInfo.fullPath, headers });
const bearer = (accessToken: string, clientId?: string) => ({ authorization: `Bearer ${accessToken}`, ...(clientId ? { client_id: clientId } : {}) });
const audits = async (action: string) => (await t.deps.database.executeSql(`select target_id from audit_events where action = $1`, [action])).rows;
const refusedAsClient = (res: { statusCode: number; json(): { ret: { code: number } } }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json().ret.code).toBe(RET_CODES.apiClientInvalid.code);
};

describe('API clients', () => {
  it('are created with a secret shown once, listed with its hint only, and audited', async () => {
    const res = await create({ name: 'CI', role: 'publishing' });
    expect(res.statusCode).toBe(200);
    const { client, clientSecret } = res.json();
    expect(client).toMatchObject({ name: 'CI', type: 'api-client', role: 'publishing', projectId: null, keys: [], lastUsedAt: null });
    expect(client.clientId).toMatch(/^\d{19}$/);
    expect(clientSecret).toMatch(/^[\w-]{43}$/);
    expect(client.secretHint).toBe(clientSecret.slice(-4));
    const listed = (await u.call(apiClientsApi.listApiClients, { query: { withTotal: 'true' } })).json();
    expect(listed.items.map((c: { clientId: string }) => c.clientId)).toContain(client.clientId);
    expect(JSON.stringify(listed)).not.toContain(clientSecret);
    const stored = await t.deps.database.executeSql('select s.*::text as line from secrets s');
    expect(JSON.stringify(stored.rows)).not.toContain(clientSecret);
    expect(await audits('api-clients.create')).toContainEqual({ target_id: client.clientId });
  });

  it('exchange their ID and secret for a 48-hour access token the Connect API accepts, as AppGallery Connect does', async () => {
    // Made within a second, as a CI job asks for its token right after the client exists.
    t.clock.advance(750);
    const { client, clientSecret } = (await create({ name: 'Token', role: 'reports' })).json();
    const res = await token(client.clientId, clientSecret);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ ret: { code: 0 }, expires_in: 172_800, token_type: 'Bearer' });
    const who = await brief(bearer(answer.access_token, client.clientId));
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ clientId: client.clientId, name: 'Token', type: 'api-client', role: 'reports', teamId: u.teamId, projectId: null });
    expect((await brief(bearer(answer.access_token))).statusCode).toBe(200);
    refusedAsClient(await brief(bearer(answer.access_token, '1234567890123456789')));
    t.clock.advance(172_800_000 + 1000);
    refusedAsClient(await brief(bearer(answer.access_token)));
  });

  it('refuse a wrong secret, an unknown client and a malformed request in the caller language, never 500', async () => {
    const { client, clientSecret } = (await create({ name: 'Wrong', role: 'publishing' })).json();
    refusedAsClient(await token(client.clientId, `${clientSecret}x`));
    refusedAsClient(await token('1234567890123456789', clientSecret));
    refusedAsClient(await token('not a number', clientSecret));
    const zh = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, headers: { [HEADERS.language]: 'zh' }, payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: 'nope' } });
    expect(zh.json().ret.msg).toBe('客户端 ID 或密钥不正确');
    const bad = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'password', client_id: client.clientId, client_secret: clientSecret } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toMatch(/grant_type/);
    for (const header of ['Bearer', 'Bearer x', 'Basic abcdefghijklmnopqrstuvwxyz', `Bearer ${'a'.repeat(30)}.${'b'.repeat(30)}.${'c'.repeat(30)}`]) refusedAsClient(await brief({ authorization: header }));
    refusedAsClient(await brief({}));
  });

  it('rotate a secret keeping the old one for a day, or revoking it and its tokens at once', async () => {
    const { client, clientSecret: first } = (await create({ name: 'Rotate', role: 'publishing' })).json();
    const firstToken = (await token(client.clientId, first)).json().access_token;
    t.clock.advance(1000);
    const kept = await u.call(apiClientsApi.updateApiClient, { body: { clientId: client.clientId, resetSecret: 'keep-old-for-a-day' } });
    const second = kept.json().clientSecret as string;
    expect(kept.json().client.previousSecretUntil).not.toBeNull();
    expect((await token(client.clientId, first)).statusCode).toBe(200);
    expect((await token(client.clientId, second)).statusCode).toBe(200);
    expect((await brief(bearer(firstToken))).statusCode).toBe(200);
    t.clock.advance(86_400_000 + 1000);
    refusedAsClient(await token(client.clientId, first));
    const secondToken = (await token(client.clientId, second)).json().access_token;
    t.clock.advance(1000);
    await u.login();
    const revoked = await u.call(apiClientsApi.updateApiClient, { body: { clientId: client.clientId, resetSecret: 'revoke-old-now' } });
    expect(revoked.json().client.previousSecretUntil).toBeNull();
    refusedAsClient(await token(client.clientId, second));
    refusedAsClient(await brief(bearer(secondToken)));
    t.clock.advance(1000);
    const third = (await token(client.clientId, revoked.json().clientSecret)).json().access_token;
    expect((await brief(bearer(third))).statusCode).toBe(200);
    expect(await audits('api-clients.secretReset')).toHaveLength(2);
  });

  it('stop working at once when revoked, and are renamed or given another role in place', async () => {
    const { client, clientSecret } = (await create({ name: 'Revoke', role: 'publishing' })).json();
    const access = (await token(client.clientId, clientSecret)).json().access_token;
    const renamed = await u.call(apiClientsApi.updateApiClient, { body: { clientId: client.clientId, name: 'Revoke me', role: 'administrator' } });
    expect(renamed.json().client).toMatchObject({ name: 'Revoke me', role: 'administrator' });
    expect((await brief(bearer(access))).json()).toMatchObject({ role: 'administrator' });
    expect((await u.call(apiClientsApi.deleteApiClient, { query: { clientId: client.clientId } })).statusCode).toBe(200);
    refusedAsClient(await brief(bearer(access)));
    refusedAsClient(await token(client.clientId, clientSecret));
    expect((await u.call(apiClientsApi.getApiClient, { query: { clientId: client.clientId } })).statusCode).toBe(404);
    expect(await audits('api-clients.delete')).toContainEqual({ target_id: client.clientId });
  });

  it('refuse a duplicate name and bad input with readable 4xx, and change nothing', async () => {
    expect((await create({ name: 'Twin', role: 'reports' })).statusCode).toBe(200);
    const again = await u.call(apiClientsApi.createApiClient, { body: { name: 'Twin', role: 'reports' }, headers: { [HEADERS.language]: 'ru' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toContain('Twin');
    for (const body of [{ name: '', role: 'reports' }, { name: 'a\u0000b', role: 'reports' }, { name: 'x'.repeat(65), role: 'reports' }, { name: 'Ok', role: 'owner' }, { name: 'Ok', role: 'reports', type: 'robot' }]) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().ret.msg).toMatch(/name|role|type/);
    }
    expect((await u.call(apiClientsApi.getApiClient, { query: { clientId: 'abc' } })).statusCode).toBe(400);
    const other = await TestUser.register(t);
    const theirProject = (await other.call(projectApi.createProject, { body: { name: 'Theirs' } })).json().project.projectId;
    expect((await create({ name: 'Elsewhere', role: 'publishing', projectId: theirProject })).statusCode).toBe(404);
  });

  it('are out of reach of another team and of members without the right to manage members', async () => {
    const { client } = (await create({ name: 'Mine', role: 'publishing' })).json();
    const other = await TestUser.register(t);
    for (const res of [
      await other.call(apiClientsApi.getApiClient, { query: { clientId: client.clientId } }),
      await other.call(apiClientsApi.deleteApiClient, { query: { clientId: client.clientId } }),
      await other.call(apiClientsApi.updateApiClient, { body: { clientId: client.clientId, resetSecret: 'revoke-old-now' } }),
    ]) expect(res.statusCode).toBe(404);
    expect((await other.call(apiClientsApi.listApiClients)).json().items).toEqual([]);
    expect((await u.call(apiClientsApi.getApiClient, { query: { clientId: client.clientId } })).statusCode).toBe(200);
  });

  it('make a project-level client whose secret goes with its project', async () => {
    const projectId = (await u.call(projectApi.createProject, { body: { name: 'Scoped' } })).json().project.projectId;
    const { client, clientSecret } = (await create({ name: 'Project CI', role: 'publishing', projectId })).json();
    expect(client.projectId).toBe(projectId);
    const access = (await token(client.clientId, clientSecret)).json().access_token;
    expect((await brief(bearer(access))).json().projectId).toBe(projectId);
    const filtered = (await u.call(apiClientsApi.listApiClients, { query: { projectId } })).json().items;
    expect(filtered.map((c: { clientId: string }) => c.clientId)).toEqual([client.clientId]);
  });
});
