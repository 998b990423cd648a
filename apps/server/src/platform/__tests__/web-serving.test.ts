import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../harness';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the console', () => {
  it.each(['/', '/en/', '/ru/', '/consumer/en/service/josp/agc/index.html', '/consumer/ru/service/josp/agc/index.html', '/hap/', '/cis/'])('serves the app at %s without caching it', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>console</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('redirects /en and /ru to their site paths', async () => {
    const res = await t.app.inject({ url: '/ru' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/ru/');
  });

  it("shows a browser the console's not-found page at an unknown address, and keeps JSON for everything else", async () => {
    const page = await t.app.inject({ url: '/en/nope', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>console</title>');
    const api = await t.app.inject({ url: '/agc/edge/nope', headers: { accept: 'text/html' } });
    expect([api.statusCode, api.json().ret.code]).toEqual([404, 100405]);
    const script = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.headers['content-type']).toMatch(/json/);
    const post = await t.app.inject({ method: 'POST', url: '/en/nope', headers: { accept: 'text/html' } });
    expect(post.headers['content-type']).toMatch(/json/);
  });

  it('reaches the API reference from each site', async () => {
    for (const url of ['/en/docs', '/ru/docs', '/ru/docs/']) {
      const res = await t.app.inject({ url });
      expect([res.statusCode, res.headers.location], url).toEqual([302, '/docs']);
    }
    expect((await t.app.inject({ url: '/docs', headers: { accept: 'text/html' } })).statusCode).toBeLessThan(400);
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('says how to build the console when it is not built', async () => {
    const bare = await createTestApp({ env: { WEB_DIST_DIR: path.join(dist, 'missing') } });
    const res = await bare.app.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm start');
    await bare.close();
  });
});
