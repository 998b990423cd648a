import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, memoryStore, WharfError, type WharfConfigFile } from '@wharf/client';
import { CLOUD_DB_CALLS, getCloudDB, TRANSACTION_CONFLICT } from '@wharf/clouddb';
import { appApi, cloudDbApi, RET_CODES } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import { createTestApp, injectFetch, TestUser, type TestApp } from '../../../harness';
import { ident, schemaOf } from '../physical';
import { BOOK, device, projectOf, rights } from './helpers';

// Transactions: reads with versions, and a commit that writes all or nothing, only if
// nothing read has changed; @wharf/clouddb's runTransaction runs the function again then.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';
const anyone = rights({ World: ['Read', 'Upsert', 'Delete'] });
const SHELF = { ...BOOK, objectTypeName: 'Shelf', indexes: [], permissions: anyone };

async function setUp() {
  const u = await TestUser.register(t);
  const p = await projectOf(u);
  await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: anyone } });
  await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: SHELF });
  const commit = (body: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: cloudDbApi.commitObjects.fullPath.replace(':zoneName', 'main'), headers: { ...p.headers, 'x-lang': lang }, payload: body });
  return { u, ...p, books: device(t, p.headers), shelves: device(t, p.headers, 'main', 'Shelf'), commit };
}

const versionsOf = async (d: ReturnType<typeof device>, id: number) => (await d.query({ where: [{ field: 'id', op: 'equalTo', value: id }], withVersions: true })).json().versions as number[];

describe('Cloud DB transactions', () => {
  it('answers versions that grow with each write, and commits writes to two types at once when nothing read changed', async () => {
    const s = await setUp();
    await s.books.upsert([{ id: 1, bookName: 'Dune', price: 9 }]);
    expect(await versionsOf(s.books, 1)).toEqual([1]);
    await s.books.upsert([{ id: 1, bookName: 'Dune', price: 10 }]);
    expect(await versionsOf(s.books, 1)).toEqual([2]);
    // Without withVersions the answer stays as it was.
    expect((await s.books.query({})).json()).not.toHaveProperty('versions');

    const res = await s.commit({
      reads: [{ objectTypeName: 'BookInfo', key: { id: 1 }, version: 2 }, { objectTypeName: 'Shelf', key: { id: 7 }, version: null }],
      writes: [
        { op: 'upsert', objectTypeName: 'BookInfo', objects: [{ id: 1, bookName: 'Dune', price: 11 }] },
        { op: 'upsert', objectTypeName: 'Shelf', objects: [{ id: 7, bookName: 'Sci-fi' }] },
        { op: 'delete', objectTypeName: 'BookInfo', objects: [{ id: 99 }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ upserted: 2, deleted: 0 });
    expect((await s.shelves.query({})).json().objects).toHaveLength(1);
    expect(await versionsOf(s.books, 1)).toEqual([3]);
  });

  it('refuses the whole commit when a document read has changed, or appeared, since, in the caller’s language', async () => {
    const s = await setUp();
    await s.books.upsert([{ id: 1, bookName: 'Dune', price: 9 }]);
    await s.books.upsert([{ id: 1, bookName: 'Dune', price: 12 }]);
    const stale = await s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { id: 1 }, version: 1 }], writes: [{ op: 'upsert', objectTypeName: 'Shelf', objects: [{ id: 1, bookName: 'x' }] }] }, 'ru');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ret).toEqual({ code: RET_CODES.transactionConflict.code, msg: RET_CODES.transactionConflict.ru });
    expect((await s.shelves.query({})).json().objects).toEqual([]);

    // Read as absent, then written by someone else before the commit.
    const appeared = await s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { id: 2 }, version: null }], writes: [{ op: 'upsert', objectTypeName: 'Shelf', objects: [{ id: 2, bookName: 'y' }] }] });
    expect(appeared.statusCode).toBe(200);
    await s.books.upsert([{ id: 2, bookName: 'Solaris' }]);
    const late = await s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { id: 2 }, version: null }], writes: [{ op: 'upsert', objectTypeName: 'BookInfo', objects: [{ id: 2, bookName: 'Mine' }] }] });
    expect(late.statusCode).toBe(409);
    expect((await s.books.query({ where: [{ field: 'id', op: 'equalTo', value: 2 }] })).json().objects[0].bookName).toBe('Solaris');
    // Gone since it was read: a conflict too.
    await s.books.delete([{ id: 2 }]);
    const gone = await s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { id: 2 }, version: 1 }], writes: [{ op: 'delete', objectTypeName: 'Shelf', objects: [{ id: 2 }] }] });
    expect(gone.statusCode).toBe(409);
  });

  // Needs a second connection: PostgreSQL only (the embedded database has one).
  it.skipIf(!onPostgres)('sees a document inserted by another transaction between its read check and its write', async () => {
    const s = await setUp();
    await s.books.upsert([{ id: 1, bookName: 'Dune' }]);
    const table = `${ident(schemaOf(s.projectId))}.${ident('t_bookinfo')}`;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Another transaction inserts id 9 and holds it uncommitted: the commit reads it as absent...
    const other = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`insert into ${table} ("_zone", "id", "bookname", "_created", "_updated") select "_zone", 9, 'theirs', now(), now() from ${table} where "id" = 1`));
      await held;
    });
    // (An injected request starts when awaited.)
    const commit = Promise.resolve(s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { id: 9 }, version: null }], writes: [{ op: 'upsert', objectTypeName: 'BookInfo', objects: [{ id: 9, bookName: 'mine' }] }] }));
    // ...then its insert waits on the other's key, which commits: the upsert updates their document.
    await expect.poll(async () => (await t.deps.database.executeSql(`select count(*)::int as n from pg_locks where not granted`)).rows[0]).toEqual({ n: 1 });
    release();
    await other;
    const res = await commit;
    expect(res.statusCode).toBe(409);
    expect((await s.books.query({ where: [{ field: 'id', op: 'equalTo', value: 9 }] })).json().objects[0].bookName).toBe('theirs');
  });

  it('writes nothing when one write is refused, and checks its input like the single calls', async () => {
    const s = await setUp();
    await s.u.call(cloudDbApi.updateObjectType, { params: { objectTypeName: 'Shelf' }, query: { projectId: s.projectId }, body: { ...SHELF, permissions: rights({ World: ['Read'] }), revision: 1 } });
    const refused = await s.commit({ writes: [{ op: 'upsert', objectTypeName: 'BookInfo', objects: [{ id: 5, bookName: 'ok' }] }, { op: 'upsert', objectTypeName: 'Shelf', objects: [{ id: 5, bookName: 'no' }] }] });
    expect(refused.statusCode).toBe(403);
    expect((await s.books.query({})).json().objects).toEqual([]);

    const tooMany = await s.commit({ writes: [0, 1].map((k) => ({ op: 'upsert', objectTypeName: 'BookInfo', objects: Array.from({ length: 600 }, (_, i) => ({ id: k * 1000 + i })) })) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().ret.msg).toContain('1000');
    const noKey = await s.commit({ reads: [{ objectTypeName: 'BookInfo', key: { bookName: 'x' }, version: null }], writes: [{ op: 'delete', objectTypeName: 'BookInfo', objects: [{ id: 1 }] }] });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().ret.msg).toContain('id');
    const unknownType = await s.commit({ writes: [{ op: 'delete', objectTypeName: 'Nope', objects: [{ id: 1 }] }] });
    expect(unknownType.statusCode).toBe(404);
  });

  it('a reader without the Read right learns nothing of versions', async () => {
    const s = await setUp();
    await s.u.call(cloudDbApi.updateObjectType, { params: { objectTypeName: 'Shelf' }, query: { projectId: s.projectId }, body: { ...SHELF, permissions: rights({ World: ['Upsert'] }), revision: 1 } });
    const res = await s.commit({ reads: [{ objectTypeName: 'Shelf', key: { id: 1 }, version: null }], writes: [{ op: 'upsert', objectTypeName: 'Shelf', objects: [{ id: 1 }] }] });
    expect(res.statusCode).toBe(403);
  });

  it('@wharf/clouddb runs the function again when what it read changed, so two increments both land', async () => {
    expect(CLOUD_DB_CALLS.commit).toEqual({ method: 'POST', path: cloudDbApi.commitObjects.fullPath.replace('/agc/edge', '') });
    const s = await setUp();
    const file = (await s.u.call(appApi.getAppConfigFile, { query: { appId: s.appId } })).json().content as WharfConfigFile;
    const zone = getCloudDB(createClient(JSON.stringify(file), { gateway: 'http://wharf.test/agc/edge', fetch: injectFetch(() => t), store: memoryStore() })).zone('main');
    await zone.upsert('BookInfo', [{ id: 1, bookName: 'Counter', price: 0 }]);

    let runs = 0;
    const final = await zone.runTransaction(async (tx) => {
      runs += 1;
      const book = await tx.get<{ id: number; price: number }>('BookInfo', { id: 1 });
      // Another device adds one between this run's read and its commit, the first time only.
      if (runs === 1) await zone.upsert('BookInfo', [{ id: 1, bookName: 'Counter', price: book!.price + 1 }]);
      tx.upsert('BookInfo', [{ id: 1, bookName: 'Counter', price: book!.price + 1 }]);
      return book!.price + 1;
    });
    expect(runs).toBe(2);
    expect(final).toBe(2);
    const { objects } = await zone.query('BookInfo').get();
    expect(objects[0]!.price).toBe(2);

    // A query's documents are reads too; after the attempts run out the conflict reaches the app.
    const failing = await zone
      .runTransaction(
        async (tx) => {
          const [book] = await tx.query(zone.query<{ id: number; price: number }>('BookInfo').equalTo('bookName', 'Counter'));
          await zone.upsert('BookInfo', [{ ...book!, price: book!.price + 10 }]);
          tx.upsert('BookInfo', [{ ...book!, price: 0 }]);
        },
        { maxAttempts: 2 },
      )
      .catch((e: unknown) => e);
    expect(failing).toBeInstanceOf(WharfError);
    expect((failing as WharfError).code).toBe(TRANSACTION_CONFLICT);
    expect((await zone.query<{ price: number }>('BookInfo').get()).objects[0]!.price).toBe(22);
  });
});
