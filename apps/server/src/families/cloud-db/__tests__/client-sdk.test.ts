import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryStore, WharfError, type WharfConfigFile } from '@wharf/client';
import { CLOUD_DB_CALLS, getCloudDB } from '@wharf/clouddb';
import { appApi, cloudDbApi } from '@wharf/contract';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { BOOK, projectOf, rights } from './helpers';

// @wharf/clouddb against the real server (in-process): its calls are the contract's, and
// two app users see the rights of the object type.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const serverFetch = injectFetch(() => t);

describe('@wharf/clouddb', () => {
  it('calls what the contract declares', () => {
    for (const [op, endpoint] of [['upsert', cloudDbApi.upsertObjects], ['delete', cloudDbApi.deleteObjects], ['query', cloudDbApi.queryObjects], ['aggregate', cloudDbApi.aggregateObjects]] as const) {
      expect(CLOUD_DB_CALLS[op]).toEqual({ method: endpoint.method, path: endpoint.fullPath.replace('/agc/edge', '') });
    }
  });

  it('writes and reads as the signed-in user; another user cannot change it but may read it (World reads)', async () => {
    const u = await TestUser.register(t);
    const { projectId, appId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read'], Authenticated: ['Read'], Creator: ['Read', 'Upsert', 'Delete'] }) } });
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const device = () => createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: serverFetch, store: memoryStore() });
    const a = device();
    const b = device();
    await a.auth.signInAnonymously();
    await b.auth.signInAnonymously();
    const zoneA = getCloudDB(a).zone('main');
    const zoneB = getCloudDB(b).zone('main');

    expect(await zoneA.upsert('BookInfo', [{ id: 1, bookName: 'Dune', price: 9.5 }, { id: 2, bookName: 'Solaris', price: 7 }])).toHaveLength(2);
    const { objects } = await zoneA.query('BookInfo').greaterThan('price', 8).get();
    expect(objects).toEqual([{ id: 1, bookName: 'Dune', author: null, price: 9.5, published: null, shadowFlag: true }]);
    const refused = await zoneB.upsert('BookInfo', [{ id: 1, bookName: 'Mine now' }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WharfError);
    expect((refused as WharfError).status).toBe(403);
    expect(await zoneB.query('BookInfo').count()).toBe(2);
    expect(await zoneA.query('BookInfo').sum('price')).toBe(16.5);
    expect(await zoneA.delete('BookInfo', [{ id: 2 }])).toBe(1);
  });
});
