import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, HEADERS, projectApi } from '@wharf/contract';
import { bubblewrapAvailable } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

// Inline code of several files (the console's editor): index.js loads the others by
// relative path; the files come back as they were saved; paths and sizes are checked.

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Editor' } })).json().project.projectId as string;
});
afterAll(() => t.close());

const FILES = {
  'index.js': "const { greet } = require('./lib/greet'); const words = require('./words.json'); module.exports.myHandler = async (e) => greet(e.name, words);",
  'lib/greet.js': "exports.greet = (name, words) => words.hello + ', ' + name + '!';",
  'words.json': '{ "hello": "Hej" }',
};

describe('inline code of several files', () => {
  it('is created and changed as files, comes back as saved, and runs with them', async () => {
    const made = await u.call(api.createFunction, { query: { projectId }, body: { name: 'several', files: FILES } });
    expect(made.statusCode, made.body).toBe(200);
    const q = { projectId, functionId: made.json().function.functionId as string };
    const got = (await u.call(api.getFunction, { query: q })).json();
    expect(got.sources).toEqual(FILES);
    expect(got.code).toBe(FILES['index.js']);
    expect(got.function).toMatchObject({ codeSource: 'inline', entry: 'index.js', codeSize: Object.values(FILES).join('').length });
    if (bubblewrapAvailable()) expect((await u.call(api.testFunction, { query: q, body: { event: { name: 'Ann' } } })).json().invocation).toMatchObject({ outcome: 'ok', result: 'Hej, Ann!' });

    // The same files in another order are the same code; a file taken away is gone.
    const sameSha = got.function.codeSha256 as string;
    const reordered = await u.call(api.updateFunction, { query: q, body: { files: { 'words.json': FILES['words.json'], 'lib/greet.js': FILES['lib/greet.js'], 'index.js': FILES['index.js'] } } });
    expect(reordered.json().function.codeSha256).toBe(sameSha);
    const { 'words.json': _dropped, ...rest } = FILES;
    await u.call(api.updateFunction, { query: q, body: { files: { ...rest, 'index.js': "module.exports.myHandler = async () => require('./lib/greet').greet('x', { hello: 'Hi' });" } } });
    expect(Object.keys((await u.call(api.getFunction, { query: q })).json().sources)).toEqual(['index.js', 'lib/greet.js']);
    if (bubblewrapAvailable()) expect((await u.call(api.testFunction, { query: q, body: {} })).json().invocation).toMatchObject({ result: 'Hi, x!' });
  });

  it('refuses a path out of its folder, no index.js, too many files, in the caller language', async () => {
    const fn = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'checked' } })).json().function;
    const q = { projectId, functionId: fn.functionId as string };
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ 'index.js': 'x', '../escape.js': 'x' }, /./],
      [{ 'index.js': 'x', '.env': 'SECRET=1' }, /./],
      [{ 'main.js': 'x' }, /index\.js/],
      [Object.fromEntries([['index.js', 'x'], ...Array.from({ length: 30 }, (_, i) => [`f${i}.js`, 'x'])]), /30/],
    ];
    for (const [files, msg] of cases) {
      const res = await u.call(api.updateFunction, { query: q, body: { files }, headers: { [HEADERS.language]: 'ru' } });
      expect(res.statusCode, JSON.stringify(Object.keys(files))).toBe(400);
      expect(res.json().ret.msg).toMatch(msg);
    }
    expect((await u.call(api.getFunction, { query: q })).json().function.codeSha256).toBe(fn.codeSha256);
  });
});
