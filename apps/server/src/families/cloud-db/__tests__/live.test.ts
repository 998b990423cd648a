import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, memoryStore, type WharfConfigFile } from '@wharf/client';
import { getCloudDB } from '@wharf/clouddb';
import { appApi, cloudDbApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { BOOK, device, projectOf, rights } from './helpers';

// Live queries over a real socket: a listener sees another device's write, only what its
// rights reach, and is not sent a result it already holds.

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

/** Resolves with the first snapshot that `until` accepts, or rejects after `ms`. */
function next<T>(snapshots: T[][], until: (objects: T[]) => boolean, ms = 5000): Promise<T[]> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = snapshots.find(until);
      if (found) resolve(found);
      else if (Date.now() - started > ms) reject(new Error(`no such snapshot in ${JSON.stringify(snapshots)}`));
      else setTimeout(look, 10);
    };
    look();
  });
}

describe('live queries', () => {
  it('deliver the result at once and again after another device writes', async () => {
    const u = await TestUser.register(t);
    const { projectId, appId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert'] }) } });
    await device(t, headers).upsert([{ id: 1, bookName: 'Dune', price: 9.5 }]);
    const file = (await u.call(appApi.getAppConfigFile, { query: { appId } })).json().content as WharfConfigFile;
    const listener = createClient(JSON.stringify(file), { gateway: `${base}/agc/edge`, store: memoryStore() });
    const snapshots: { id: number }[][] = [];
    const stop = getCloudDB(listener).zone('main').query<{ id: number }>('BookInfo').greaterThan('price', 5).orderBy('id').onSnapshot((objects) => snapshots.push(objects));
    try {
      expect((await next(snapshots, (s) => s.length === 1)).map((o) => o.id)).toEqual([1]);
      await device(t, headers).upsert([{ id: 2, bookName: 'Solaris', price: 7 }, { id: 3, bookName: 'Cheap', price: 1 }]);
      expect((await next(snapshots, (s) => s.length === 2)).map((o) => o.id)).toEqual([1, 2]);
      // A write outside the query's result changes nothing it shows: no new snapshot.
      const before = snapshots.length;
      await device(t, headers).upsert([{ id: 4, price: 2 }]);
      await new Promise((r) => setTimeout(r, 300));
      expect(snapshots.length).toBe(before);
    } finally {
      stop();
    }
  });

  it('refuses a listener without the right, before any stream opens', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: [], Authenticated: [], Creator: ['Read'] }) } });
    const res = await fetch(`${base}${cloudDbApi.listenObjects.fullPath.replace(':zoneName', 'main').replace(':objectTypeName', 'BookInfo')}`, { method: 'POST', headers, body: JSON.stringify({}) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { ret: { msg: string } }).ret.msg).toBe('Sign in to read documents of object type “BookInfo”');
  });
});
