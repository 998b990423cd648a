import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from './main';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function io(env: Record<string, string> = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  const text = { out: '', err: '' };
  out.on('data', (c: Buffer) => (text.out += c.toString()));
  err.on('data', (c: Buffer) => (text.err += c.toString()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-cli-'));
  dirs.push(dir);
  return { io: { out, err, env: { WHARF_CONFIG: path.join(dir, 'credentials.json'), ...env } }, text, dir };
}

/** A fetch that answers like a Wharf deployment, recording what it was asked. */
function fakeServer(answers: Record<string, unknown>) {
  const seen: string[] = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    seen.push(`${init?.method ?? 'GET'} ${u.pathname}`);
    const body = answers[u.pathname] ?? { ret: { code: 100404, msg: 'Not found' } };
    return new Response(JSON.stringify(body), { status: answers[u.pathname] ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchFn, seen };
}

describe('the wharf CLI', () => {
  it('says how to use it, and exits 2 on a wrong command line', async () => {
    const help = io();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.text.out).toContain('wharf publish --file');
    for (const argv of [['nope'], ['publish', '--bogus'], ['publish'], ['phased', 'sideways', '--app-id', 'x']]) {
      const run = io({ WHARF_URL: 'http://wharf.test', WHARF_CLIENT_ID: '1', WHARF_CLIENT_SECRET: 's' });
      expect(await main(argv, run.io), argv.join(' ')).toBe(2);
      expect(run.text.err).toMatch(/^wharf: /);
    }
  });

  it('refuses to run without credentials, naming how to give them', async () => {
    const run = io();
    expect(await main(['apps', '--package', 'com.x'], run.io)).toBe(2);
    expect(run.text.err).toMatch(/wharf login/);
  });

  it('checks credentials at login and keeps them readable by this user only', async () => {
    const { fetchFn, seen } = fakeServer({
      '/api/oauth2/v1/token': { access_token: 'tok', expires_in: 172800 },
      '/agc/edge/aps/api-permission-service/v1/cp/client/info/brief': { ret: { code: 0, msg: 'success' }, clientId: '123456789', name: 'CI', type: 'api-client', role: 'publishing' },
    });
    const run = io();
    expect(await main(['login', '--url', 'http://wharf.test', '--client-id', '123456789', '--client-secret', 'secret', '--json'], run.io, fetchFn)).toBe(0);
    expect(JSON.parse(run.text.out)).toMatchObject({ name: 'CI', role: 'publishing' });
    expect(seen).toEqual(['POST /api/oauth2/v1/token', 'GET /agc/edge/aps/api-permission-service/v1/cp/client/info/brief']);
    const file = run.io.env.WHARF_CONFIG;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ url: 'http://wharf.test', clientId: '123456789' });
  });

  it("passes the server's refusal on with exit 1 and its ret.code in JSON", async () => {
    const { fetchFn } = fakeServer({ '/api/oauth2/v1/token': { ret: { code: 100412, msg: 'The client ID or secret is wrong' } } });
    const run = io({ WHARF_URL: 'http://wharf.test', WHARF_CLIENT_ID: '1', WHARF_CLIENT_SECRET: 'bad' });
    expect(await main(['apps', '--package', 'com.x', '--json'], run.io, fetchFn)).toBe(1);
    expect(JSON.parse(run.text.out)).toEqual({ error: 'The client ID or secret is wrong', exitCode: 1, retCode: 100412 });
  });

  it('refuses a file that is not an app package before uploading anything (exit 4)', async () => {
    const { fetchFn, seen } = fakeServer({ '/api/oauth2/v1/token': { access_token: 'tok', expires_in: 172800 } });
    const run = io({ WHARF_URL: 'http://wharf.test', WHARF_CLIENT_ID: '1', WHARF_CLIENT_SECRET: 's' });
    const file = path.join(run.dir, 'notes.txt');
    fs.writeFileSync(file, 'not a zip');
    expect(await main(['publish', '--file', file, '--app-id', '00000000-0000-4000-8000-000000000000'], run.io, fetchFn)).toBe(4);
    expect(run.text.err).toMatch(/not an app package/);
    expect(seen).toEqual([]);
  });

  it('cannot reach a server that is not there (exit 3)', async () => {
    const run = io({ WHARF_URL: 'http://127.0.0.1:9', WHARF_CLIENT_ID: '1', WHARF_CLIENT_SECRET: 's' });
    expect(await main(['whoami'], run.io)).toBe(3);
    expect(run.text.err).toMatch(/Cannot reach/);
  });

  it('packs into a tarball holding the command and its sources, not its tests', () => {
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: path.resolve(import.meta.dirname, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as Array<{ files: Array<{ path: string }> }>;
    const files = packed[0]!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['bin/wharf.mjs', 'package.json', 'src/main.ts', 'src/connect.ts', 'src/publish.ts']));
    expect(files.filter((f) => f.includes('.test.'))).toEqual([]);
  });
});
