import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, fileApi, HEADERS, projectApi } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { buildZip, type ZipEntrySpec } from '@wharf/parsers/test-kit';

// Code as a zip: uploaded with the file service, checked (paths, links, counts, sizes,
// packing), kept under the function's own key, and run with its files and entry.

let t: TestApp;
let u: TestUser;
let q: { projectId: string; functionId: string };
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  const projectId = (await u.call(projectApi.createProject, { body: { name: 'Zipped' } })).json().project.projectId as string;
  const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'zipped' } })).json().function;
  q = { projectId, functionId: fn.functionId };
});
afterAll(() => t.close());

async function upload(entries: ZipEntrySpec[] | Buffer, entry?: string, lang = 'en') {
  const zip = Buffer.isBuffer(entries) ? entries : buildZip(entries);
  const file = await u.call(fileApi.uploadObject, { query: { fileName: 'code.zip', contentType: 'application/zip', bizTag: 'file' }, raw: zip });
  expect(file.statusCode, file.body).toBe(200);
  return u.call(api.uploadCode, { query: q, body: { objectId: file.json().object.objectId, ...(entry ? { entry } : {}) }, headers: { [HEADERS.language]: lang } });
}

const APP = [
  { name: 'lib/', data: '' },
  { name: 'lib/greet.js', data: "module.exports = (n) => 'Hi ' + n + ' from ' + require('../package.json').name;", method: 'deflate' as const },
  { name: 'package.json', data: JSON.stringify({ name: 'zipped-fn' }) },
  { name: 'main.js', data: "const greet = require('./lib/greet'); module.exports.myHandler = async (e) => greet(e.name);", method: 'deflate' as const },
];

describe('code from a zip', () => {
  it('becomes $latest with its files and entry, runs, and is published like inline code', async () => {
    const res = await upload(APP, 'main.js');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().function).toMatchObject({ codeSource: 'zip', entry: 'main.js' });
    const got = (await u.call(api.getFunction, { query: q })).json();
    expect(got.code).toBe('');
    expect(got.files.map((f: { path: string }) => f.path)).toEqual(['lib/greet.js', 'main.js', 'package.json']);
    expect((await t.deps.database.executeSql(`select data from audit_events where action = 'cloud-functions.update'`)).rows.at(-1)).toMatchObject({ data: { changed: ['code'], files: 3 } });
    if (bubblewrapAvailable()) {
      expect((await u.call(api.testFunction, { query: q, body: { event: { name: 'Ann' } } })).json().invocation).toMatchObject({ outcome: 'ok', result: 'Hi Ann from zipped-fn' });
    }
    expect((await u.call(api.publishVersion, { query: q, body: {} })).json().version).toMatchObject({ version: 1 });
    // Inline code again: the zip stays for version 1.
    const inline = await u.call(api.updateFunction, { query: q, body: { code: 'module.exports.myHandler = async () => 2;' } });
    expect(inline.json().function).toMatchObject({ codeSource: 'inline', entry: 'index.js' });
    if (bubblewrapAvailable()) expect((await u.call(api.testFunction, { query: q, body: { qualifier: '1', event: { name: 'Bo' } } })).json().invocation).toMatchObject({ result: 'Hi Bo from zipped-fn' });
  });

  it('refuses what could escape, hide or explode, saying why in the caller language, and changes nothing', async () => {
    const before = (await u.call(api.getFunction, { query: q })).json().function.codeSha256;
    const cases: Array<[string, ZipEntrySpec[] | Buffer, RegExp]> = [
      ['a path out of the folder', [{ name: '../evil.js', data: 'x' }, { name: 'index.js', data: 'x' }], /outside|\.\./],
      ['an absolute path', [{ name: '/etc/cron.d/x', data: 'x' }, { name: 'index.js', data: 'x' }], /outside|absolute/],
      ['a symbolic link', [{ name: 'index.js', data: 'x' }, { name: 'link', data: '/etc/passwd', externalAttributes: (0o120777 << 16) >>> 0 }], /symbolic link/],
      ['a bomb', [{ name: 'index.js', data: 'x' }, { name: 'big.bin', data: Buffer.alloc(30 * 1024 * 1024), method: 'deflate' }], /tight|bomb/],
      ['a lie about sizes', [{ name: 'index.js', data: 'x'.repeat(1000), declaredUncompressed: 10 }], /zip/],
      ['no entry file', [{ name: 'other.js', data: 'x' }], /entry file index\.js/],
      ['not a zip', Buffer.from('just text, not a zip at all'), /not a zip/],
    ];
    for (const [what, zip, reason] of cases) {
      const res = await upload(zip);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().ret.msg, what).toMatch(reason);
    }
    const zh = await upload([{ name: 'index.js', data: 'x' }, { name: 'link', data: '/', externalAttributes: (0o120777 << 16) >>> 0 }], undefined, 'zh');
    expect(zh.json().ret.msg).toContain('符号链接');
    expect((await u.call(api.getFunction, { query: q })).json().function.codeSha256).toBe(before);
    expect((await u.call(api.uploadCode, { query: q, body: { objectId: '00000000-0000-4000-8000-000000000000' } })).statusCode).toBe(404);
  });
});
