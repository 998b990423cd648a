import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { cloudDbApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { BOOK, device, projectOf, rights } from './helpers';

// Group reads and group commits: get-by-key queries and single-document writes arriving
// together share one statement, and each request still gets exactly its own answer.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';
/** Many requests at once: an injected request starts when awaited, so all start in one turn. */
const together = <T>(requests: PromiseLike<T>[]) => Promise.all(requests);

async function setUp(type = BOOK) {
  const u = await TestUser.register(t);
  const p = await projectOf(u);
  const made = await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...type, permissions: rights({ World: ['Read', 'Upsert', 'Delete'] }) } });
  expect(made.statusCode, made.body).toBe(200);
  return device(t, p.headers, 'main', type.objectTypeName);
}

const byId = (id: number | string, extra: object = {}) => ({ where: [{ field: 'id', op: 'equalTo', value: id }], ...extra });

describe('Cloud DB batching', () => {
  it('answers each of many concurrent gets by key with its own document (or none), as one statement on PostgreSQL', async () => {
    const books = await setUp();
    await books.upsert(Array.from({ length: 30 }, (_, i) => ({ id: i, bookName: `Book ${i}`, price: i / 2, published: '2024-05-0' + ((i % 9) + 1) + 'T10:00:00.000Z' })));
    const spy = onPostgres ? vi.spyOn(t.deps.database, 'executeSql') : null;
    const answers = await together(Array.from({ length: 40 }, (_, i) => books.query(byId(i, { withVersions: i % 2 === 0 }))));
    const statements = spy?.mock.calls.filter(([text]) => text.includes('= any(')).length;
    spy?.mockRestore();
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.objects).toEqual(i < 30 ? [{ id: i, bookName: `Book ${i}`, author: null, price: i / 2, published: `2024-05-0${(i % 9) + 1}T10:00:00.000Z`, shadowFlag: true }] : []);
      expect(body.cursor).toBeNull();
      if (i % 2 === 0) expect(body.versions).toEqual(i < 30 ? [1] : []);
      else expect(body).not.toHaveProperty('versions');
    });
    if (spy) expect(statements).toBe(1);
    // A value of the wrong type still gets the single query's refusal.
    const bad = await books.query(byId('seven'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('id');
  });

  it('writes many concurrent documents in one statement, a key written twice in order, and finds composite and text keys', async () => {
    const books = await setUp();
    // Warm: the type's catalogue and the app's rate-limit lease are read once, then kept.
    await books.upsert([{ id: 0, bookName: 'First' }]);
    const spy = onPostgres ? vi.spyOn(t.deps.database, 'executeSql') : null;
    const written = await together([
      ...Array.from({ length: 25 }, (_, i) => books.upsert([{ id: i, bookName: `New ${i}`, price: i }])),
      books.upsert([{ id: 3, bookName: 'Again', price: 33 }]),
      books.upsert([{ id: 100, bookName: 'x'.repeat(101) }]),
    ]);
    const batched = spy?.mock.calls.filter(([text]) => text.includes('unnest(')).length;
    spy?.mockRestore();
    written.slice(0, 26).forEach((res) => expect(res.statusCode, res.body).toBe(200));
    expect(written[5]!.json().objects).toEqual([{ id: 5, bookName: 'New 5', author: null, price: 5, published: null, shadowFlag: true }]);
    expect(written[25]!.json().objects[0]).toMatchObject({ id: 3, bookName: 'Again' });
    // Too long for its field: refused alone, before any statement.
    expect(written[26]!.statusCode).toBe(400);
    if (spy) expect(batched).toBe(1);
    const three = await books.query(byId(3, { withVersions: true }));
    expect(three.json()).toMatchObject({ objects: [{ bookName: 'Again', price: 33 }], versions: [2] });
    expect((await books.aggregate({ aggregate: 'count' })).json().value).toBe(25);

    const PAGE = {
      ...BOOK,
      objectTypeName: 'Page',
      fields: [
        { fieldName: 'book', fieldType: 'String' as const, belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
        { fieldName: 'n', fieldType: 'Long' as const, belongPrimaryKey: true, notNull: true, isNeedEncrypt: false },
        { fieldName: 'text', fieldType: 'String' as const, belongPrimaryKey: false, notNull: false, isNeedEncrypt: true },
        { fieldName: 'scan', fieldType: 'ByteArray' as const, belongPrimaryKey: false, notNull: false, isNeedEncrypt: false },
      ],
      indexes: [],
    };
    const pages = await setUp(PAGE);
    const big = '9007199254740993';
    const made = await together([
      pages.upsert([{ book: 'Dune', n: 1, text: 'It begins', scan: Buffer.from('a').toString('base64') }]),
      pages.upsert([{ book: 'Dune', n: big, text: 'Far on' }]),
      pages.upsert([{ book: "O'Brien, \"quoted\" {x}", n: 1, text: null }]),
    ]);
    made.forEach((res) => expect(res.statusCode, res.body).toBe(200));
    const found = await together([
      pages.query({ where: [{ field: 'book', op: 'equalTo', value: 'Dune' }, { field: 'n', op: 'equalTo', value: 1 }] }),
      pages.query({ where: [{ field: 'n', op: 'equalTo', value: big }, { field: 'book', op: 'equalTo', value: 'Dune' }] }),
      pages.query({ where: [{ field: 'book', op: 'equalTo', value: "O'Brien, \"quoted\" {x}" }, { field: 'n', op: 'equalTo', value: 1 }] }),
      pages.query({ where: [{ field: 'book', op: 'equalTo', value: 'Dune' }, { field: 'n', op: 'equalTo', value: 2 }] }),
    ]);
    expect(found.map((r) => r.json().objects)).toEqual([
      [{ book: 'Dune', n: 1, text: 'It begins', scan: Buffer.from('a').toString('base64') }],
      [{ book: 'Dune', n: big, text: 'Far on', scan: null }],
      [{ book: "O'Brien, \"quoted\" {x}", n: 1, text: null, scan: null }],
      [],
    ]);
  });

  it('answers concurrent queries and aggregates of one shape from one statement, each exactly as alone', async () => {
    const books = await setUp();
    await books.upsert(Array.from({ length: 60 }, (_, i) => ({ id: i, bookName: `Book ${i % 7}`, author: i % 3 ? `Author ${i % 5}` : null, price: (i * 37) % 50 })));
    const asks = [
      ...Array.from({ length: 7 }, (_, k) => () => books.query({ where: [{ field: 'bookName', op: 'equalTo', value: `Book ${k}` }], orderBy: [{ field: 'price', direction: 'desc' }], limit: 3 })),
      ...Array.from({ length: 5 }, (_, k) => () => books.query({ where: [{ field: 'price', op: 'greaterThan', value: k * 10 }, { field: 'author', op: 'beginsWith', value: 'Author %' }], orderBy: [{ field: 'author' }], limit: 4 })),
      ...Array.from({ length: 4 }, (_, k) => () => books.aggregate({ where: [{ field: 'price', op: 'lessThan', value: k * 12.5 }], aggregate: 'average', field: 'price' })),
      () => books.aggregate({ where: [], aggregate: 'count' }),
    ];
    const alone = [];
    for (const ask of asks) alone.push((await ask()).json());
    const cursor = alone[0].cursor as string;
    expect(cursor).toBeTruthy();
    const spy = onPostgres ? vi.spyOn(t.deps.database, 'executeSql') : null;
    const both = await together([...asks.map((ask) => ask()), books.query({ where: [{ field: 'bookName', op: 'equalTo', value: 'Book 0' }], orderBy: [{ field: 'price', direction: 'desc' }], limit: 3, cursor })]);
    const joined = spy?.mock.calls.filter(([text]) => text.includes('jsonb_array_elements')).length;
    spy?.mockRestore();
    expect(both.slice(0, asks.length).map((r) => r.json())).toEqual(alone);
    const next = both.at(-1)!.json();
    expect(next.objects).toHaveLength(3);
    expect(next.objects.map((o: { id: number }) => o.id)).not.toContain(alone[0].objects[0].id);
    // A shape already kept still checks each request's own values, and an in-list's length is part of its shape.
    const wrong = await books.query({ where: [{ field: 'price', op: 'greaterThan', value: 'cheap' }, { field: 'author', op: 'beginsWith', value: 'Author %' }], orderBy: [{ field: 'author' }], limit: 4 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ret.msg).toContain('price');
    const ids = async (list: number[]) => ((await books.query({ where: [{ field: 'id', op: 'in', value: list }], orderBy: [{ field: 'id' }] })).json().objects as { id: number }[]).map((o) => o.id);
    expect([await ids([3, 1]), await ids([5, 4, 2]), await ids([9])]).toEqual([[1, 3], [2, 4, 5], [9]]);
    // The seven name queries share a statement, so do the five and the four (the count and the next page, of other shapes, run alone).
    if (spy) expect(joined).toBe(3);
  });

  it.skipIf(!onPostgres)('runs a batch that fails one document at a time, so each request gets its own answer', async () => {
    const books = await setUp();
    await books.upsert([{ id: 0, bookName: 'First' }]);
    const real = t.deps.database.executeSql.bind(t.deps.database);
    const spy = vi.spyOn(t.deps.database, 'executeSql').mockImplementation((text, ...rest) => (text.includes('unnest(') ? Promise.reject(new Error('lost')) : real(text, ...rest)));
    const written = await together(Array.from({ length: 10 }, (_, i) => books.upsert([{ id: i, bookName: `Alone ${i}` }])));
    const failed = spy.mock.calls.filter(([text]) => text.includes('unnest(')).length;
    spy.mockRestore();
    expect(failed).toBe(1);
    written.forEach((res) => expect(res.statusCode, res.body).toBe(200));
    expect((await books.aggregate({ aggregate: 'count' })).json().value).toBe(10);
  });
});
