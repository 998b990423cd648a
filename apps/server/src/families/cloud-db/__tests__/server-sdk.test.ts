import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WharfError } from '@wharf/client';
import { getCloudDBAdmin } from '@wharf/clouddb';
import { apiClientsApi, cloudDbApi, RET_CODES } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { BOOK, appUser, device, projectOf, rights } from './helpers';

// The server SDK: an administrator API client acts for a project (Administrator role, no
// rules), its writes audited; other clients and other teams reach nothing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function apiClient(u: TestUser, role: 'administrator' | 'publishing', projectId: string | null = null) {
  const made = (await u.call(apiClientsApi.createApiClient, { body: { name: `Backend ${Math.random().toString(36).slice(2, 8)}`, role, projectId } })).json();
  return { clientId: made.client.clientId as string, clientSecret: made.clientSecret as string };
}

const admin = (credentials: { clientId: string; clientSecret: string }, projectId: string) =>
  getCloudDBAdmin({ url: 'http://wharf.test', ...credentials, projectId, fetch: injectFetch(() => t) }).zone('main');

const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as WharfError);

describe('Cloud DB server SDK', () => {
  it('reads and writes every document as the project, past rights and rules, and audits its writes', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    // Devices may only read their own; the rules refuse every write from them.
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: [], Authenticated: [], Creator: ['Read', 'Upsert', 'Delete'] }) } });
    await u.call(cloudDbApi.setSecurityRules, { params: { objectTypeName: 'BookInfo' }, query: { projectId }, body: { rules: { upsert: 'false', read: "resource.data.bookName != 'hidden'" }, revision: 1 } });
    const someone = await appUser(t, headers);
    expect((await device(t, someone.headers).upsert([{ id: 1, bookName: 'Mine' }])).statusCode).toBe(403);

    const zone = admin(await apiClient(u, 'administrator'), projectId);
    expect(await zone.upsert('BookInfo', [{ id: 1, bookName: 'hidden', price: 3 }, { id: 2, bookName: 'Dune', price: 9 }])).toHaveLength(2);
    expect((await zone.query('BookInfo').orderBy('id').get()).objects.map((o) => o.bookName)).toEqual(['hidden', 'Dune']);
    expect(await zone.query('BookInfo').sum('price')).toBe(12);
    // The device user sees neither (not theirs), whatever the server wrote.
    expect((await device(t, someone.headers).query({})).json().objects).toEqual([]);

    const done = await zone.runTransaction(async (tx) => {
      const book = await tx.get<{ id: number; price: number }>('BookInfo', { id: 2 });
      tx.upsert('BookInfo', [{ id: 2, bookName: 'Dune', price: book!.price + 1 }]);
      tx.delete('BookInfo', [{ id: 1 }]);
      return book!.price + 1;
    });
    expect(done).toBe(10);
    expect(await zone.delete('BookInfo', [{ id: 2 }])).toBe(1);

    const audit = await t.deps.database.executeSql(`select actor_kind, data from audit_events where action = 'cloud-db.adminWrite' and target_id = $1`, [projectId]);
    const events = audit.rows as Array<{ actor_kind: string; data: { op: string; documents: number } }>;
    expect(events.map((e) => [e.actor_kind, e.data.op, e.data.documents]).sort()).toEqual([['api-client', 'commit', 2], ['api-client', 'delete', 1], ['api-client', 'upsert', 2]]);
  });

  it("reaches only its team's projects (a project-level client, its own) and needs the administrator role", async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    const other = await projectOf(u);

    const publishing = await refusal(admin(await apiClient(u, 'publishing'), projectId).query('BookInfo').get());
    expect(publishing?.code).toBe(RET_CODES.apiScopeMissing.code);
    const elsewhere = await refusal(admin(await apiClient(u, 'administrator', other.projectId), projectId).query('BookInfo').get());
    expect(elsewhere?.status).toBe(404);
    expect(await admin(await apiClient(u, 'administrator', projectId), projectId).query('BookInfo').count()).toBe(0);

    const stranger = await TestUser.register(t);
    const theirs = await refusal(admin(await apiClient(stranger, 'administrator'), projectId).upsert('BookInfo', [{ id: 1 }]));
    expect(theirs?.status).toBe(404);
    const unknown = await refusal(admin(await apiClient(u, 'administrator'), '00000000-0000-4000-8000-000000000000').query('BookInfo').get());
    expect(unknown?.status).toBe(404);
  });

  it('takes a new token when the server refuses the one it holds (expired), and goes on', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    const seen: string[] = [];
    const serverFetch = injectFetch(() => t);
    const zone = getCloudDBAdmin({
      url: 'http://wharf.test',
      ...(await apiClient(u, 'administrator')),
      projectId,
      fetch: ((url: string, init?: RequestInit) => (seen.push(new URL(url).pathname), serverFetch(url, init))) as typeof fetch,
    }).zone('main');
    await zone.upsert('BookInfo', [{ id: 1, bookName: 'Dune' }]);
    // Past the token's life on the server's clock: the SDK's own clock still thinks it valid.
    t.clock.advance((apiClientsApi.ACCESS_TOKEN_SECONDS + 60) * 1000);
    expect(await zone.query('BookInfo').count()).toBe(1);
    expect(seen.filter((p) => p.endsWith('/oauth2/v1/token'))).toHaveLength(2);
  });

  it('refuses a client limited to some apps, saying what to use instead', async () => {
    const u = await TestUser.register(t);
    const { projectId, appId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    const client = await apiClient(u, 'administrator');
    await u.call(apiClientsApi.grantRecord, { body: { clientId: client.clientId, appIds: [appId] } });
    const refused = await refusal(admin(client, projectId).query('BookInfo').get());
    expect(refused?.status).toBe(403);
    expect(refused?.message).toContain('project-level client');
  });
});
