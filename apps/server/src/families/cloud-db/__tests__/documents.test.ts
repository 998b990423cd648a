import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appUser, BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A project whose BookInfo anyone with the key may read and write, and a device of it. */
async function open() {
  const u = await TestUser.register(t);
  const p = await projectOf(u);
  await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert', 'Delete'] }) } });
  return { u, ...p, books: device(t, p.headers) };
}

const BOOKS = [
  { id: 1, bookName: 'Dune', author: 'Herbert', price: 9.5, published: '1965-08-01T00:00:00Z' },
  { id: 2, bookName: 'Solaris', author: 'Lem', price: 7.25, published: '1961-01-01T00:00:00Z' },
  { id: 3, bookName: 'Roadside Picnic', author: 'Strugatsky', price: 7.25 },
  { id: 4, bookName: 'The Cyberiad', author: 'Lem', price: 12 },
  { id: 5, bookName: '100% Lem', author: 'Lem' },
];

describe('writing documents', () => {
  it('upserts a batch, fills defaults, replaces whole documents by key and answers them as stored', async () => {
    const { books } = await open();
    const res = await books.upsert(BOOKS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().upserted).toBe(5);
    expect(res.json().objects[0]).toEqual({ id: 1, bookName: 'Dune', author: 'Herbert', price: 9.5, published: '1965-08-01T00:00:00.000Z', shadowFlag: true });
    const replaced = await books.upsert([{ id: 1, bookName: 'Dune Messiah', shadowFlag: false }]);
    expect(replaced.json().objects).toEqual([{ id: 1, bookName: 'Dune Messiah', author: null, price: null, published: null, shadowFlag: false }]);
    expect((await books.query({ where: [{ field: 'id', op: 'equalTo', value: 1 }] })).json().objects[0].bookName).toBe('Dune Messiah');
  });

  it('refuses a batch with one bad document whole, naming the document and the field; nothing is written', async () => {
    const { books } = await open();
    const cases: [object[], string][] = [
      [[{ id: 1 }, { id: 'two' }], 'Document 2: Field “id” must be a Integer'],
      [[{ id: 1, pages: 3 }], 'Document 1: Object type “BookInfo” has no field “pages”'],
      [[{ bookName: 'no key' }], 'Document 1: Primary key field “id” is missing'],
      [[{ id: 1, bookName: 'x'.repeat(101) }], 'Document 1: Field “bookName” is too long'],
      [[{ id: 1, price: { nested: { deeper: [1, 2, 3] } } }], 'Document 1: Field “price” must be a Double'],
      [[{ id: 1, shadowFlag: null }], 'Document 1: Field “shadowFlag” is required'],
      [[{ id: 1 }, { id: 1 }], 'Documents 1 and 2 have the same primary key'],
      [[{ id: 2 ** 31 }], 'Document 1: Field “id” is out of the range of a Integer'],
      [[{ id: 1, published: 'last tuesday' }], 'Document 1: Field “published” must be a Date'],
    ];
    for (const [objects, msg] of cases) {
      const res = await books.upsert(objects as Record<string, unknown>[]);
      expect([res.statusCode, res.json().ret.msg]).toEqual([400, msg]);
    }
    expect((await books.query()).json().objects).toEqual([]);
  });

  it('refuses a 10 MB document before reading it', async () => {
    const { headers } = await open();
    const huge = await t.app.inject({ method: 'POST', url: cloudDbApi.upsertObjects.fullPath.replace(':zoneName', 'main').replace(':objectTypeName', 'BookInfo'), headers, payload: JSON.stringify({ objects: [{ id: 1, author: 'x'.repeat(10_000_000) }] }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().ret.msg).toBeTruthy();
  });

  it('deletes by key, all or none; keys already gone count', async () => {
    const { books } = await open();
    await books.upsert(BOOKS);
    const res = await books.delete([{ id: 1 }, { id: 2 }, { id: 99 }]);
    expect(res.json()).toMatchObject({ deleted: 2 });
    expect((await books.delete([{ bookName: 'Dune' }])).json().ret.msg).toBe('Document 1: primary key field “id” is missing');
    expect((await books.query()).json().objects.map((o: { id: number }) => o.id)).toEqual([3, 4, 5]);
  });
});

describe('querying', () => {
  it('filters with every predicate, orders, and pages by cursor without repeats or gaps', async () => {
    const { books } = await open();
    await books.upsert(BOOKS);
    const ids = async (q: object) => {
      const res = await books.query(q);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().objects.map((o: { id: number }) => o.id);
    };
    expect(await ids({ where: [{ field: 'author', op: 'equalTo', value: 'Lem' }] })).toEqual([2, 4, 5]);
    expect(await ids({ where: [{ field: 'author', op: 'notEqualTo', value: 'Lem' }] })).toEqual([1, 3]);
    expect(await ids({ where: [{ field: 'price', op: 'greaterThan', value: 7.25 }] })).toEqual([1, 4]);
    expect(await ids({ where: [{ field: 'price', op: 'greaterThanOrEqualTo', value: 7.25 }, { field: 'price', op: 'lessThan', value: 12 }] })).toEqual([1, 2, 3]);
    expect(await ids({ where: [{ field: 'price', op: 'lessThanOrEqualTo', value: 7.25 }] })).toEqual([2, 3]);
    expect(await ids({ where: [{ field: 'id', op: 'in', value: [5, 1, 42] }] })).toEqual([1, 5]);
    expect(await ids({ where: [{ field: 'bookName', op: 'beginsWith', value: '100%' }] })).toEqual([5]);
    expect(await ids({ where: [{ field: 'bookName', op: 'contains', value: 'ad' }] })).toEqual([3, 4]);
    expect(await ids({ where: [{ field: 'price', op: 'isNull' }] })).toEqual([5]);
    expect(await ids({ where: [{ field: 'published', op: 'isNotNull' }, { field: 'published', op: 'lessThan', value: '1962-01-01' }] })).toEqual([2]);
    expect(await ids({ where: [{ field: 'author', op: 'equalTo', value: "Lem' or '1'='1" }] })).toEqual([]);
    expect(await ids({ where: [{ field: 'bookName', op: 'contains', value: '%' }] })).toEqual([5]);
    expect(await ids({ orderBy: [{ field: 'price', direction: 'desc' }] })).toEqual([5, 4, 1, 2, 3]);

    const seen: number[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const res = (await books.query({ orderBy: [{ field: 'price' }, { field: 'author', direction: 'desc' }], limit: 2, ...(cursor ? { cursor } : {}) })).json();
      seen.push(...res.objects.map((o: { id: number }) => o.id));
      cursor = res.cursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([3, 2, 1, 4, 5]);
    expect(await ids({ orderBy: [{ field: 'id' }], limit: 2, offset: 3 })).toEqual([4, 5]);
  });

  it('refuses what a field cannot do, and a cursor of another query', async () => {
    const { books } = await open();
    const msg = async (q: object) => (await books.query(q)).json().ret.msg;
    expect(await msg({ where: [{ field: 'price', op: 'beginsWith', value: '7' }] })).toBe('Field “price” (Double) cannot be matched as text');
    expect(await msg({ where: [{ field: 'price', op: 'equalTo', value: 'cheap' }] })).toBe('Field “price” must be a Double');
    expect(await msg({ where: [{ field: 'nope', op: 'isNull' }] })).toBe('Object type “BookInfo” has no field “nope”');
    expect(await msg({ where: [{ field: 'id', op: 'in', value: 3 }] })).toBe('in takes a list of values (field “id”)');
    expect(await msg({ cursor: 'bm90IGEgY3Vyc29y' })).toBe('The cursor is not one this query gave: query from the first page again');
  });

  it('counts, sums, averages and finds extremes over the matching documents', async () => {
    const { books } = await open();
    await books.upsert(BOOKS);
    const value = async (q: object) => (await books.aggregate(q)).json().value;
    expect(await value({ aggregate: 'count' })).toBe(5);
    expect(await value({ aggregate: 'count', field: 'price' })).toBe(4);
    expect(await value({ aggregate: 'sum', field: 'price', where: [{ field: 'author', op: 'equalTo', value: 'Lem' }] })).toBe(19.25);
    expect(await value({ aggregate: 'average', field: 'price' })).toBe(9);
    expect(await value({ aggregate: 'max', field: 'published' })).toBe('1965-08-01T00:00:00.000Z');
    expect(await value({ aggregate: 'min', field: 'bookName' })).toBe('100% Lem');
    expect(await value({ aggregate: 'sum', field: 'id' })).toBe(15);
    expect((await books.aggregate({ aggregate: 'sum', field: 'author' })).json().ret.msg).toBe('Field “author” (String) cannot be summed or averaged');
  });
});

describe('rights', () => {
  const ops = async (h: Record<string, string>, id: number) => {
    const d = device(t, h);
    return [(await d.query()).statusCode, (await d.upsert([{ id }])).statusCode, (await d.delete([{ id }])).statusCode];
  };

  it.each([
    ['World', { World: ['Read', 'Upsert', 'Delete'] }, [200, 200, 200], [200, 200, 200]],
    ['World reads only', { World: ['Read'], Authenticated: [], Creator: [] }, [200, 403, 403], [200, 403, 403]],
    ['Authenticated', { World: [], Authenticated: ['Read', 'Upsert', 'Delete'], Creator: [] }, [403, 403, 403], [200, 200, 200]],
    ['Creator', { World: [], Authenticated: [], Creator: ['Read', 'Upsert', 'Delete'] }, [403, 403, 403], [200, 200, 200]],
    ['nobody but the administrator', { World: [], Authenticated: [], Creator: [] }, [403, 403, 403], [403, 403, 403]],
  ] as const)('%s: the key alone, then a signed-in user', async (_, r, withKey, withUser) => {
    const u = await TestUser.register(t);
    const p = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: rights(r as never) } });
    expect(await ops(p.headers, 1)).toEqual(withKey);
    expect(await ops((await appUser(t, p.headers)).headers, 2)).toEqual(withUser);
  });

  it('lets a Creator change only their own documents, and counts only those', async () => {
    const u = await TestUser.register(t);
    const p = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: rights({ World: [], Authenticated: [], Creator: ['Read', 'Upsert', 'Delete'] }) } });
    const a = device(t, (await appUser(t, p.headers)).headers);
    const b = device(t, (await appUser(t, p.headers)).headers);
    expect((await a.upsert([{ id: 1, bookName: 'A’s' }, { id: 2, bookName: 'A’s too' }])).statusCode).toBe(200);
    expect((await b.upsert([{ id: 3, bookName: 'B’s' }])).statusCode).toBe(200);

    const steal = await b.upsert([{ id: 3, bookName: 'B’s again' }, { id: 1, bookName: 'taken' }]);
    expect([steal.statusCode, steal.json().ret.msg]).toEqual([403, 'You may only change documents you created: nothing of this batch was written']);
    const erase = await b.delete([{ id: 1 }]);
    expect([erase.statusCode, erase.json().ret.msg]).toEqual([403, 'You may only delete documents you created: nothing of this batch was deleted']);
    expect((await a.query()).json().objects.map((o: { bookName: string }) => o.bookName)).toEqual(['A’s', 'A’s too']);
    expect((await b.query()).json().objects.map((o: { bookName: string }) => o.bookName)).toEqual(['B’s']);
    expect((await a.aggregate({ aggregate: 'count' })).json().value).toBe(2);
    expect((await b.aggregate({ aggregate: 'count' })).json().value).toBe(1);
    const keyOnly = await device(t, p.headers).query();
    expect([keyOnly.statusCode, keyOnly.json().ret.msg]).toEqual([403, 'Sign in to read documents of object type “BookInfo”']);
  });
});
