import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi, RET_CODES } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const field = (fieldName: string, fieldType: string, more: object = {}) => ({ fieldName, fieldType, belongPrimaryKey: false, notNull: false, isNeedEncrypt: false, ...more }) as (typeof BOOK.fields)[number];

describe('object types', () => {
  it('adds one with its table, lists it with its size, and writes the audit event', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    const created = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().objectType).toMatchObject({ objectTypeName: 'BookInfo', revision: 1, rows: 0 });
    expect((await device(t, headers).upsert([{ id: 1, bookName: 'Dune' }])).statusCode).toBe(403);

    await u.call(cloudDbApi.updateObjectType, { params: { objectTypeName: 'BookInfo' }, query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert'] }), revision: 1 } });
    const written = await device(t, headers).upsert([{ id: 1, bookName: 'Dune' }, { id: 2, bookName: 'Solaris' }]);
    expect(written.statusCode, written.body).toBe(200);
    const list = (await u.call(cloudDbApi.listObjectTypes, { query: { projectId } })).json();
    expect(list.zones).toMatchObject([{ zoneName: 'main', retentionDays: null }]);
    expect(list.objectTypes[0]).toMatchObject({ objectTypeName: 'BookInfo', rows: 2, revision: 2 });
    expect(list.objectTypes[0].bytes).toBeGreaterThan(0);
    const audit = await t.deps.database.executeSql(`select action from audit_events where action like 'cloud-db.%' and target_id = $1 order by id`, [projectId]);
    expect(audit.rows.map((r) => (r as { action: string }).action)).toEqual(['cloud-db.zoneCreate', 'cloud-db.typeCreate', 'cloud-db.typeUpdate']);
  });

  it('refuses a definition AppGallery Connect refuses, naming the field in the caller’s language', async () => {
    const u = await TestUser.register(t);
    const { projectId } = await projectOf(u);
    const res = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, fields: [...BOOK.fields, field('notes', 'Text', { belongPrimaryKey: true })] } as never, headers: { 'x-lang': 'ru' } });
    expect([res.statusCode, res.json().ret.code]).toEqual([400, RET_CODES.invalidInput.code]);
    expect(res.json().ret.msg).toBe('Поле «notes» не может быть первичным ключом с этим типом (нельзя ByteArray, Text, Date, Double, Float, Boolean)');
    const noKey = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, fields: [field('a', 'String')] } as never });
    expect(noKey.json().ret.msg).toBe('Object type “BookInfo” needs at least one primary key field');
    const bad = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, objectTypeName: '1; drop table projects' } });
    expect(bad.statusCode).toBe(400);
    const again = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    expect(again.statusCode).toBe(200);
    const twice = await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, objectTypeName: 'BOOKINFO' } });
    expect([twice.statusCode, twice.json().ret.msg]).toEqual([409, 'Object type “BOOKINFO” already exists']);
  });

  it('evolves without losing data: adds fields and indexes, widens, refuses what would lose values', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert'] }) } });
    await device(t, headers).upsert([{ id: 1, bookName: 'Dune', price: 9.5 }, { id: 2, bookName: 'Solaris' }]);
    const update = (body: object, revision: number) => u.call(cloudDbApi.updateObjectType, { params: { objectTypeName: 'BookInfo' }, query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert'] }), ...body, revision } as never });

    const wider = BOOK.fields.map((f) => (f.fieldName === 'bookName' ? { ...f, maxLength: 4000 } : f));
    const grown = await update({ fields: [...wider, field('pages', 'Integer', { notNull: true, defaultValue: '0' })], indexes: [...BOOK.indexes, { indexName: 'byPrice', indexList: [{ fieldName: 'price', sortType: 'DESC' }] }] }, 1);
    expect(grown.statusCode, grown.body).toBe(200);
    const rows = (await device(t, headers).query({ orderBy: [{ field: 'id' }] })).json().objects;
    expect(rows).toMatchObject([{ id: 1, bookName: 'Dune', price: 9.5, pages: 0 }, { id: 2, bookName: 'Solaris', price: null, pages: 0 }]);
    expect((await device(t, headers).upsert([{ id: 3, bookName: 'x'.repeat(4000) }])).statusCode).toBe(200);

    const narrowed = await update({ fields: BOOK.fields }, 2);
    expect([narrowed.statusCode, narrowed.json().ret.msg]).toEqual([400, 'The maximum length of field “bookName” cannot shrink: longer values would be lost']);
    const retyped = await update({ fields: wider.map((f) => (f.fieldName === 'price' ? { ...f, fieldType: 'Integer' } : f)) }, 2);
    expect(retyped.json().ret.msg).toBe('Field “price” may only get a wider type (Integer → Long, Float → Double, String → Text): another would lose data');
    const dropPrice = await update({ fields: wider.filter((f) => f.fieldName !== 'price').concat(field('pages', 'Integer', { notNull: true, defaultValue: '0' })) }, 2);
    expect([dropPrice.statusCode, dropPrice.json().ret.msg]).toEqual([400, 'Field “price” holds a value in 1 document(s): removing it would lose them. Clear the field first, or keep it']);
    const stale = await update({ fields: wider }, 1);
    expect(stale.statusCode).toBe(409);
    const dropAuthor = await update({ fields: wider.filter((f) => f.fieldName !== 'author').concat(field('pages', 'Integer', { notNull: true, defaultValue: '0' })) }, 2);
    expect(dropAuthor.statusCode, dropAuthor.body).toBe(200);
    expect((await device(t, headers).query({ where: [{ field: 'id', op: 'equalTo', value: 1 }] })).json().objects).toEqual([
      { id: 1, bookName: 'Dune', price: 9.5, published: null, shadowFlag: true, pages: 0 },
    ]);
  });

  it('exports AppGallery Connect’s schema file and imports it into another project, all or nothing', async () => {
    const u = await TestUser.register(t);
    const a = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId: a.projectId }, body: BOOK });
    await u.call(cloudDbApi.createObjectType, { query: { projectId: a.projectId }, body: { ...BOOK, objectTypeName: 'Shelf', fields: [field('code', 'String', { belongPrimaryKey: true, notNull: true })], indexes: [] } });
    const { schema } = (await u.call(cloudDbApi.exportSchema, { query: { projectId: a.projectId } })).json();
    expect(schema.schemaVersion).toBe(1);
    expect(schema.objectTypes.map((o: { objectTypeName: string }) => o.objectTypeName)).toEqual(['BookInfo', 'Shelf']);
    expect(schema.permissions[0]).toEqual({ objectTypeName: 'BookInfo', permissions: BOOK.permissions });
    const one = (await u.call(cloudDbApi.exportSchema, { query: { projectId: a.projectId, objectTypes: 'shelf' } })).json().schema;
    expect(one.objectTypes).toHaveLength(1);

    const b = await projectOf(u);
    const broken = { ...schema, objectTypes: [...schema.objectTypes, { objectTypeName: 'Broken', fields: [field('a', 'String')] }] };
    const refused = await u.call(cloudDbApi.importSchema, { query: { projectId: b.projectId }, body: broken });
    expect([refused.statusCode, refused.json().ret.msg]).toEqual([400, 'Object type “Broken” needs at least one primary key field']);
    expect((await u.call(cloudDbApi.listObjectTypes, { query: { projectId: b.projectId } })).json().objectTypes).toEqual([]);
    const imported = await u.call(cloudDbApi.importSchema, { query: { projectId: b.projectId }, body: schema });
    expect(imported.json()).toMatchObject({ created: ['BookInfo', 'Shelf'], changed: [], unchanged: [] });
    const again = await u.call(cloudDbApi.importSchema, { query: { projectId: b.projectId }, body: schema });
    expect(again.json()).toMatchObject({ created: [], changed: [], unchanged: ['BookInfo', 'Shelf'] });
    const back = (await u.call(cloudDbApi.exportSchema, { query: { projectId: b.projectId } })).json().schema;
    expect(back).toEqual(schema);
  });

  it('deletes a type with its documents, and a zone with its own', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert'] }) } });
    await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'archive', retentionDays: 30 } });
    await device(t, headers).upsert([{ id: 1 }, { id: 2 }]);
    const archived = await device(t, headers, 'archive').upsert([{ id: 1 }]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await device(t, headers, 'archive').query()).json().objects).toHaveLength(1);
    const zone = await u.call(cloudDbApi.deleteZone, { params: { zoneName: 'archive' }, query: { projectId } });
    expect(zone.json()).toMatchObject({ deleted: 1 });
    expect((await device(t, headers, 'archive').query()).statusCode).toBe(404);
    expect((await device(t, headers).query()).json().objects).toHaveLength(2);
    const deleted = await u.call(cloudDbApi.deleteObjectType, { params: { objectTypeName: 'bookinfo' }, query: { projectId } });
    expect(deleted.json()).toMatchObject({ deleted: 2 });
    const gone = await device(t, headers).query();
    expect([gone.statusCode, gone.json().ret.msg]).toEqual([404, 'There is no object type “BookInfo”']);
  });
});
