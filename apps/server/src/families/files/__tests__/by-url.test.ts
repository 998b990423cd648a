import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, pngOfSize, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { hostAllowed } from '../by-url';

const payload = sampleBytes('zip', 300_000); // a package begins as a zip
let origin: string;
let server: http.Server;
let t: TestApp;
let u: TestUser;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/app.apk') return res.end(payload);
    if (req.url === '/icon.png') return res.end(pngOfSize(1024, 1024));
    if (req.url === '/fake.apk') return res.end(randomBytes(200_000));
    if (req.url === '/redirect') return res.writeHead(302, { location: 'http://elsewhere.example/x' }).end();
    if (req.url === '/huge') return res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { WHARF_JOBS: 'on', UPLOAD_URL_ALLOW: '127.0.0.1', MAX_UPLOAD_BYTES: String(1024 * 1024) } });
  u = await TestUser.register(t);
});
afterAll(async () => {
  await t.close();
  server.close();
});

async function settle(objectId: string) {
  for (let i = 0; i < 80; i += 1) {
    const res = (await u.call(fileApi.asyncCheck, { query: { objectId } })).json();
    if (res.state !== 'uploading') return res;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('never settled');
}

describe('upload by URL', () => {
  it('fetches an allowed address in the background and keeps the exact bytes', async () => {
    const res = await u.call(fileApi.uploadByUrl, { body: { url: `${origin}/app.apk` } });
    expect(res.json()).toMatchObject({ state: 'uploading' });
    const done = await settle(res.json().objectId);
    expect(done).toMatchObject({ state: 'ready', reason: null, object: { fileName: 'app.apk', size: payload.length, bizTag: 'apk' } });
    expect(done.object.sha256).toBe(createHash('sha256').update(payload).digest('hex'));
  });

  it("records an image's type and size in pixels, as a direct upload does", async () => {
    const res = await u.call(fileApi.uploadByUrl, { body: { url: `${origin}/icon.png`, bizTag: 'img' } });
    const done = await settle(res.json().objectId);
    expect(done).toMatchObject({ state: 'ready', object: { bizTag: 'img', contentType: 'image/png', width: 1024, height: 1024 } });
  });

  it('judges what it fetches by its first bytes, as a direct upload is, and keeps nothing of a wrong file', async () => {
    const res = await u.call(fileApi.uploadByUrl, { body: { url: `${origin}/fake.apk` } });
    const done = await settle(res.json().objectId);
    expect(done).toMatchObject({ state: 'failed', reason: 'This file is not an app package (APK, AAB, HAP, APP and RPK are zip archives; PC apps are EXE files)' });
  });

  it('refuses an address off the allow-list before fetching anything', async () => {
    const res = await u.call(fileApi.uploadByUrl, { body: { url: 'http://169.254.169.254/latest/meta-data' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().ret.msg).toContain('allow-list');
    expect((await u.call(fileApi.uploadByUrl, { body: { url: 'file:///etc/passwd' } })).statusCode).toBe(400);
  });

  it('fails, with a reason, on redirects, errors and files over the limit', async () => {
    for (const [path, text] of [['/redirect', 'failed'], ['/missing', 'HTTP 404'], ['/huge', 'larger than the limit']] as const) {
      const started = (await u.call(fileApi.uploadByUrl, { body: { url: `${origin}${path}` } })).json();
      const done = await settle(started.objectId);
      expect(done.state, path).toBe('failed');
      expect(done.reason, path).toContain(text);
    }
  });

  it('keeps no file and no audit event when its job could not be queued', async () => {
    const url = `${origin}/app.apk?unqueued`;
    const send = vi.spyOn(t.deps.jobs, 'sendIn').mockRejectedValueOnce(new Error('the queue is down'));
    try {
      const res = await u.call(fileApi.uploadByUrl, { body: { url } });
      expect(res.statusCode).toBe(500);
      expect(res.json().ret.msg).not.toContain('queue is down');
    } finally {
      send.mockRestore();
    }
    const count = async (text: string) => Number(((await t.deps.database.executeSql(text, [url])).rows[0] as { n: string }).n);
    expect(await count('select count(*) as n from files where source_url = $1')).toBe(0);
    expect(await count(`select count(*) as n from audit_events where action = 'file.byUrl' and data->>'url' = $1`)).toBe(0);
  });

  it('hides another team\'s upload', async () => {
    const started = (await u.call(fileApi.uploadByUrl, { body: { url: `${origin}/app.apk` } })).json();
    const other = await TestUser.register(t);
    expect((await other.call(fileApi.asyncCheck, { query: { objectId: started.objectId } })).statusCode).toBe(404);
  });

  it('matches hosts exactly or by domain suffix', () => {
    expect(hostAllowed('cdn.example.com', ['.example.com'])).toBe(true);
    expect(hostAllowed('example.com', ['.example.com'])).toBe(true);
    expect(hostAllowed('evilexample.com', ['.example.com'])).toBe(false);
    expect(hostAllowed('example.com.evil.net', ['example.com'])).toBe(false);
    expect(hostAllowed('anything', [])).toBe(false);
  });
});
