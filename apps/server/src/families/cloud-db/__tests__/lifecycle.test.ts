import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi, projectApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { subscribe } from '../../../platform/events';
import { documentChanged } from '../events';
import { purgeExpired } from '../retention';
import { BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const sqlRows = async <T>(text: string, params: unknown[] = []) => (await t.deps.database.executeSql(text, params)).rows as T[];

async function open(more: object = {}) {
  const u = await TestUser.register(t);
  const p = await projectOf(u);
  const created = await u.call(cloudDbApi.createObjectType, { query: { projectId: p.projectId }, body: { ...BOOK, permissions: rights({ World: ['Read', 'Upsert', 'Delete'] }), ...more } });
  if (created.statusCode !== 200) throw new Error(created.body);
  return { u, ...p, books: device(t, p.headers) };
}

describe('what a write leaves behind', () => {
  it('publishes one event per document written or deleted, in the write’s transaction, once something subscribes', async () => {
    const { projectId, books } = await open();
    await books.upsert([{ id: 9 }]);
    t.deps.events.add(subscribe({ name: 'test.cloud-db-changed', topic: documentChanged, handle: async () => undefined }));
    await books.upsert([{ id: 1 }, { id: 2 }]);
    await books.delete([{ id: 2 }, { id: 3 }]);
    await books.upsert([{ id: 4 }, { id: 'bad' }]);
    const events = await sqlRows<{ payload: { op: string; key: object; zoneName: string; by: null } }>(`select payload from events where topic = 'cloud-db.changed' and payload->>'projectId' = $1 order by id`, [projectId]);
    expect(events.map((e) => [e.payload.op, e.payload.key])).toEqual([['upsert', { id: 1 }], ['upsert', { id: 2 }], ['delete', { id: 2 }]]);
    expect(events[0]!.payload).toMatchObject({ zoneName: 'main', objectTypeName: 'BookInfo', by: null });
  });

  it('keeps encrypted fields sealed at rest and answers them opened; they cannot be queried', async () => {
    const fields = [...BOOK.fields, { fieldName: 'isbn', fieldType: 'String' as const, belongPrimaryKey: false, notNull: false, isNeedEncrypt: true }];
    const { projectId, books } = await open({ fields });
    const written = await books.upsert([{ id: 1, isbn: '978-5-17-090630-7' }]);
    expect(written.json().objects[0].isbn).toBe('978-5-17-090630-7');
    const [stored] = await sqlRows<{ isbn: string }>(`select isbn from cdb_${projectId.replaceAll('-', '')}.t_bookinfo`);
    expect(stored!.isbn).toMatch(/^v1\./);
    expect(stored!.isbn).not.toContain('978-5');
    expect((await books.query()).json().objects[0].isbn).toBe('978-5-17-090630-7');
    expect((await books.query({ where: [{ field: 'isbn', op: 'equalTo', value: 'x' }] })).json().ret.msg).toBe('Field “isbn” (String) cannot be queried (it is encrypted)');
  });
});

describe('retention and removal', () => {
  it('purges documents not changed within a zone’s retention period, and only there', async () => {
    const { u, projectId, headers, books } = await open();
    await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'recent', retentionDays: 7 } });
    const recent = device(t, headers, 'recent');
    await recent.upsert([{ id: 1 }, { id: 2 }]);
    await books.upsert([{ id: 1 }]);
    t.clock.advance(5 * DAY);
    await recent.upsert([{ id: 2, bookName: 'touched' }]);
    t.clock.advance(3 * DAY);
    expect(await purgeExpired(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await recent.query()).json().objects.map((o: { id: number }) => o.id)).toEqual([2]);
    expect((await books.query()).json().objects).toHaveLength(1);
    const [audit] = await sqlRows<{ data: object }>(`select data from audit_events where action = 'cloud-db.retentionPurge' and target_id = $1`, [projectId]);
    expect(audit!.data).toEqual({ zone: 'recent', documents: 1, retentionDays: 7 });
  });

  it('drops a deleted project’s schema once the event is delivered', async () => {
    const u = await TestUser.register(t);
    const projectId = (await u.call(projectApi.createProject, { body: { name: 'Short-lived' } })).json().project.projectId as string;
    await u.call(cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'main' } });
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: BOOK });
    const schema = `cdb_${projectId.replaceAll('-', '')}`;
    const exists = async () => (await sqlRows(`select 1 from pg_namespace where nspname = $1`, [schema])).length === 1;
    expect(await exists()).toBe(true);
    const removed = await u.call(projectApi.deleteProject, { params: { projectId } });
    expect(removed.statusCode, removed.body).toBe(200);
    await t.deps.events.drain();
    expect(await exists()).toBe(false);
  });
});
