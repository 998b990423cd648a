import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { appUser, BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = { zoneName: 'main', objectTypeName: 'BookInfo' };

describe('the console’s data view', () => {
  it('browses with a total, edits and deletes as the Administrator role, each change audited', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: [], Authenticated: [], Creator: ['Read', 'Upsert', 'Delete'] }) } });
    const a = device(t, (await appUser(t, headers)).headers);
    await a.upsert(Array.from({ length: 30 }, (_, i) => ({ id: i + 1, bookName: `Book ${i + 1}`, price: i })));

    const page = await u.call(cloudDbApi.browseObjects, { params: at, query: { projectId }, body: { where: [{ field: 'price', op: 'greaterThanOrEqualTo', value: 10 }], orderBy: [{ field: 'price', direction: 'desc' }], limit: 5 } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 20, objects: [{ id: 30 }, { id: 29 }, { id: 28 }, { id: 27 }, { id: 26 }] });
    expect(page.json().cursor).toBeTruthy();

    const edited = await u.call(cloudDbApi.writeObjects, { params: at, query: { projectId }, body: { objects: [{ id: 1, bookName: 'Fixed by the team', price: 0 }] } });
    expect(edited.statusCode, edited.body).toBe(200);
    // The creator still owns it: the console's fix does not take it from them.
    expect((await a.query({ where: [{ field: 'id', op: 'equalTo', value: 1 }] })).json().objects[0].bookName).toBe('Fixed by the team');
    const removed = await u.call(cloudDbApi.removeObjects, { params: at, query: { projectId }, body: { objects: [{ id: 2 }, { id: 3 }] } });
    expect(removed.json()).toMatchObject({ deleted: 2 });
    const audit = await t.deps.database.executeSql(`select data from audit_events where action = 'cloud-db.adminWrite' and target_id = $1 order by id`, [projectId]);
    expect(audit.rows.map((r) => (r as { data: object }).data)).toEqual([
      { zone: 'main', objectType: 'BookInfo', op: 'upsert', documents: 1 },
      { zone: 'main', objectType: 'BookInfo', op: 'delete', documents: 2 },
    ]);
    const bad = await u.call(cloudDbApi.writeObjects, { params: at, query: { projectId }, body: { objects: [{ id: 1, price: 'free' }] }, headers: { 'x-lang': 'zh' } });
    expect([bad.statusCode, bad.json().ret.msg]).toEqual([400, '第 1 条数据：字段“price”的值须为 Double']);
  });

  it('refuses the console what the Administrator role was denied', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ Administrator: ['Read'] }) } });
    const res = await u.call(cloudDbApi.writeObjects, { params: at, query: { projectId }, body: { objects: [{ id: 1 }] } });
    expect([res.statusCode, res.json().ret.msg]).toEqual([403, 'You may not write documents of object type “BookInfo”']);
  });
});
