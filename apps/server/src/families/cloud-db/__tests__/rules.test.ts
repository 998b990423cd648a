import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi } from '@wharf/contract';
import { evaluateRule, parseRule, type CloudDbObjectType } from '@wharf/rules';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appUser, BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const params = { objectTypeName: 'BookInfo' };

async function withRules(rules: Record<string, string>, r = rights({ World: ['Read', 'Upsert', 'Delete'], Authenticated: ['Read', 'Upsert', 'Delete'] })) {
  const u = await TestUser.register(t);
  const p = await projectOf(u);
  const created = await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: r } });
  const set = await u.call(cloudDbApi.setSecurityRules, { params, query: { projectId: p.projectId }, body: { rules, revision: created.json().objectType.revision } });
  if (set.statusCode !== 200) throw new Error(set.body);
  const a = await appUser(t, p.headers);
  const b = await appUser(t, p.headers);
  return { u, ...p, world: device(t, p.headers), a: device(t, a.headers), aId: a.id, b: device(t, b.headers) };
}

describe('security rules', () => {
  it('are checked against the type when set, and named in the caller’s language', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    const bad = await u.call(cloudDbApi.setSecurityRules, { params, query: { projectId }, body: { rules: { read: 'resource.data.isbn == "x"' }, revision: 1 } });
    expect([bad.statusCode, bad.json().ret.msg]).toEqual([400, 'The read rule: there is no field “isbn”']);
    const ru = await u.call(cloudDbApi.setSecurityRules, { params, query: { projectId }, body: { rules: { read: 'request.data.price > 0' }, revision: 1 }, headers: { 'x-lang': 'ru' } });
    expect(ru.json().ret.msg).toBe('правило чтения: request.data.price можно использовать только в правиле записи');
    const ok = await u.call(cloudDbApi.setSecurityRules, { params, query: { projectId }, body: { rules: { upsert: ' request.data.price >= 0 ', read: '' }, revision: 1 } });
    expect(ok.json().objectType).toMatchObject({ securityRules: { upsert: 'request.data.price >= 0' }, revision: 2 });
    const drop = await u.call(cloudDbApi.updateObjectType, { params, query: { projectId }, body: { ...BOOK, fields: BOOK.fields.filter((f) => f.fieldName !== 'price'), revision: 2 } });
    expect([drop.statusCode, drop.json().ret.msg]).toEqual([400, 'Change the security rules first: the upsert rule: there is no field “price”']);
  });

  it('hold writes to the rule: each document as it would be, with the stored one', async () => {
    const s = await withRules({ upsert: 'auth != null && request.data.price >= 0 && (resource == null || resource.owner == auth.uid)', delete: 'auth.uid == resource.owner' });
    expect((await s.a.upsert([{ id: 1, price: 5 }, { id: 2, price: 1 }])).statusCode).toBe(200);
    const negative = await s.a.upsert([{ id: 3, price: 1 }, { id: 4, price: -2 }]);
    expect([negative.statusCode, negative.json().ret.msg]).toEqual([403, 'The security rules refuse writing document 2: nothing of this batch was changed']);
    expect((await s.world.upsert([{ id: 5, price: 1 }])).statusCode).toBe(403);
    expect((await s.b.upsert([{ id: 1, price: 9 }])).statusCode).toBe(403);
    expect((await s.b.delete([{ id: 1 }])).statusCode).toBe(403);
    expect((await s.b.delete([{ id: 99 }])).json()).toMatchObject({ deleted: 0 });
    expect((await s.a.delete([{ id: 2 }])).json()).toMatchObject({ deleted: 1 });
    expect((await s.a.query()).json().objects.map((o: { id: number }) => o.id)).toEqual([1]);
  });

  it('filter reads, counts and sums in the database', async () => {
    const s = await withRules({ read: 'resource.data.author == "public" || resource.owner == auth.uid' });
    await s.world.upsert([{ id: 1, author: 'public', price: 1 }, { id: 2, author: 'private', price: 10 }]);
    await s.a.upsert([{ id: 3, author: 'mine', price: 100 }]);
    const ids = async (d: typeof s.a) => (await d.query({ orderBy: [{ field: 'id' }] })).json().objects.map((o: { id: number }) => o.id);
    // Written with the key alone, document 2 has no owner, and neither has a caller with the key alone: null == null.
    expect(await ids(s.world)).toEqual([1, 2]);
    expect(await ids(s.a)).toEqual([1, 3]);
    expect(await ids(s.b)).toEqual([1]);
    expect((await s.a.aggregate({ aggregate: 'sum', field: 'price' })).json().value).toBe(101);
    expect((await s.b.aggregate({ aggregate: 'count' })).json().value).toBe(1);
    const total = await s.u.call(cloudDbApi.browseObjects, { params: { zoneName: 'main', ...params }, query: { projectId: s.projectId }, body: {} });
    expect(total.json().total).toBe(3);
  });

  it('mean the same in the database as in the test kit, nulls and mixed kinds included', async () => {
    const s = await withRules({});
    const docs = [
      { id: 1, bookName: 'A', author: 'x', price: 5, published: '2020-01-01T00:00:00Z', shadowFlag: true },
      { id: 2, bookName: null, author: 'y', price: null, published: null, shadowFlag: false },
      { id: 3, bookName: 'C', author: null, price: 1.5, published: '2030-06-01T12:00:00Z', shadowFlag: true },
      { id: 4, bookName: '5', author: 'x', price: -1 },
    ];
    await s.world.upsert(docs);
    const type = (await s.u.call(cloudDbApi.listObjectTypes, { query: { projectId: s.projectId } })).json().objectTypes[0] as CloudDbObjectType & { revision: number };
    const stored = (await s.u.call(cloudDbApi.browseObjects, { params: { zoneName: 'main', ...params }, query: { projectId: s.projectId }, body: { orderBy: [{ field: 'id' }] } })).json().objects as Record<string, unknown>[];
    const expressions = [
      'resource.data.price < 5', '!(resource.data.price < 5)', 'resource.data.price == null', 'resource.data.price != 1.5',
      'resource.data.bookName == "5"', 'resource.data.bookName > 4', 'resource.data.author in ["x", null]', 'resource.data.shadowFlag',
      'resource.data.published > "2025-01-01T00:00:00Z"', '!(resource.data.published > "2025-01-01T00:00:00Z") && resource.data.price >= -1',
      'resource.owner == auth.uid || auth == null', 'resource.data.price > -2 || resource.data.author != "x"', 'resource.data.id in [1, 4]',
    ];
    let revision = type.revision;
    for (const read of expressions) {
      const set = await s.u.call(cloudDbApi.setSecurityRules, { params, query: { projectId: s.projectId }, body: { rules: { read }, revision } });
      expect(set.statusCode, set.body).toBe(200);
      revision = set.json().objectType.revision;
      const parsed = parseRule(type, 'read', read);
      if (!parsed.ok) throw new Error(read);
      const expected = stored.filter((d) => evaluateRule(parsed.node, { auth: null, resource: { owner: null, data: d }, request: null })).map((d) => d.id);
      const got = (await s.world.query({ orderBy: [{ field: 'id' }] })).json().objects.map((o: { id: number }) => o.id);
      expect([read, got]).toEqual([read, expected]);
    }
  });

  it('run in the test kit through the API, without a device', async () => {
    const s = await withRules({ delete: 'auth.uid == resource.owner' });
    const res = await s.u.call(cloudDbApi.testSecurityRules, {
      params,
      query: { projectId: s.projectId },
      body: {
        rules: { upsert: 'request.data.price >= 0' },
        cases: [
          { operation: 'upsert', auth: { uid: 'u1' }, request: { data: { price: -1 } }, expect: false },
          { operation: 'upsert', auth: null, request: { data: { price: 3 } }, expect: false },
        ],
      },
    });
    expect(res.json().results).toEqual([{ allowed: false, passed: true, problem: null }, { allowed: true, passed: false, problem: null }]);
    const stored = await s.u.call(cloudDbApi.testSecurityRules, { params, query: { projectId: s.projectId }, body: { cases: [{ operation: 'delete', auth: { uid: 'u1' }, resource: { owner: 'u2', data: {} } }] } });
    expect(stored.json().results).toEqual([{ allowed: false, passed: null, problem: null }]);
  });
});
