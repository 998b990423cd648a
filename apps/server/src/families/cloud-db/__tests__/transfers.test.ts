import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDbApi, fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { runCloudDbTransfers } from '../index';
import { BOOK, device, projectOf, rights } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = { zoneName: 'main', objectTypeName: 'BookInfo' };

async function upload(u: TestUser, name: string, text: string) {
  const res = await u.call(fileApi.uploadObject, { query: { fileName: name, contentType: name.endsWith('.csv') ? 'text/csv' : 'application/json', bizTag: 'file' }, raw: Buffer.from(text) });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().object.objectId as string;
}

async function finish(u: TestUser, projectId: string) {
  while ((await runCloudDbTransfers(t.deps)) > 0);
  return (await u.call(cloudDbApi.listTransfers, { query: { projectId } })).json().transfers;
}

describe('imports and exports', () => {
  it('import a JSON file of 2,500 documents in the background, with progress, and export them as CSV escaped against formulas', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read'] }) } });
    const docs = Array.from({ length: 2500 }, (_, i) => ({ id: i + 1, bookName: i === 0 ? '=HYPERLINK("http://evil")' : `Book ${i + 1}`, price: i / 2 }));
    const objectId = await upload(u, 'books.json', JSON.stringify(docs));
    const started = await u.call(cloudDbApi.startImport, { params: at, query: { projectId }, body: { objectId, format: 'json' } });
    expect(started.json().transfer).toMatchObject({ kind: 'import', state: 'queued', done: 0 });
    const [imported] = await finish(u, projectId);
    expect(imported).toMatchObject({ state: 'done', done: 2500, total: 2500, error: null });
    expect((await device(t, headers).aggregate({ aggregate: 'count' })).json().value).toBe(2500);

    await u.call(cloudDbApi.startExport, { params: at, query: { projectId }, body: { format: 'csv' } });
    const [exported] = await finish(u, projectId);
    expect(exported).toMatchObject({ kind: 'export', state: 'done', done: 2500, total: 2500 });
    const url = (await u.call(fileApi.downloadUrl, { body: { objectId: exported.objectId } })).json().url as string;
    const csv = (await t.app.inject({ url })).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe('id,bookName,author,price,published,shadowFlag');
    // The specification's CSV rule: a field with = + - or @ anywhere is quoted, so it stays text.
    expect(csv[1]).toBe('1,"=HYPERLINK(""http://evil"")",,0,,true');
    expect(csv).toHaveLength(2502);
  });

  it('refuse a file with one wrong document whole, naming it; nothing is written', async () => {
    const u = await TestUser.register(t);
    const { projectId, headers } = await projectOf(u);
    await u.call(cloudDbApi.createObjectType, { query: { projectId }, body: { ...BOOK, permissions: rights({ World: ['Read'] }) } });
    const objectId = await upload(u, 'books.csv', 'id,bookName,price\n1,Dune,9.5\n2,Solaris,cheap\n');
    await u.call(cloudDbApi.startImport, { params: at, query: { projectId }, body: { objectId, format: 'csv' } });
    const [failed] = await finish(u, projectId);
    expect(failed).toMatchObject({ state: 'failed', done: 0, error: { en: 'Document 2: Field “price” must be a Double' } });
    expect((await device(t, headers).aggregate({ aggregate: 'count' })).json().value).toBe(0);
    const notJson = await upload(u, 'broken.json', '{"objects": 5}');
    await u.call(cloudDbApi.startImport, { params: at, query: { projectId }, body: { objectId: notJson, format: 'json' } });
    expect((await finish(u, projectId))[0].error.ru).toBe('JSON должен быть массивом документов (объектов)');
  });
});
