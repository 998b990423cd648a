import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostingApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { hostingOf } from '../services';
import { deploy, siteOf, visit } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const FIRST = [
  { name: 'dist/index.html', data: '<h1>Welcome</h1><a href="about.html">About</a>' },
  { name: 'dist/about.html', data: '<h1>About us</h1>' },
  { name: 'dist/assets/app.js', data: SCRIPT },
  { name: 'dist/docs/index.html', data: '<h1>Docs</h1>' },
];

describe('Hosting', () => {
  it('deploys a zip of a built folder as version 1 on the live channel and serves it with types, validators, Brotli and caching', async () => {
    const s = await siteOf(u);
    const made = await deploy(u, s, FIRST, 'live', 'first');
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().version).toMatchObject({ number: 1, state: 'ready', files: 4, channels: ['live'] });
    const sites = (await u.call(api.listSites, { query: { projectId: s.projectId } })).json().sites;
    expect(sites[0]).toMatchObject({ name: s.site, liveVersion: 1 });
    expect(sites[0].url).toMatch(new RegExp(`/sites/${s.site}/$`));
    const home = await visit(t, `/sites/${s.site}/`);
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('Welcome');
    expect((await visit(t, `/sites/${s.site}/`, { 'if-none-match': String(home.headers.etag) })).statusCode).toBe(304);
    expect((await visit(t, `/sites/${s.site}/about.html`)).body).toContain('About us');
    expect((await visit(t, `/sites/${s.site}/about`)).statusCode).toBe(404);
    const docs = await visit(t, `/sites/${s.site}/docs?x=1`);
    expect(docs.statusCode).toBe(301);
    expect(docs.headers.location).toBe('/docs/?x=1');
    const js = await visit(t, `/sites/${s.site}/assets/app.js`, { 'accept-encoding': 'gzip, br' });
    expect(js.headers).toMatchObject({ 'content-encoding': 'br', 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600', vary: 'Accept-Encoding' });
    expect(zlib.brotliDecompressSync(js.rawPayload).toString()).toBe(SCRIPT);
    expect((await visit(t, `/sites/${s.site}/assets/app.js`)).body).toBe(SCRIPT);
    expect((await visit(t, `/sites/${s.site}/../../etc/passwd`)).statusCode).toBe(404);
    expect((await visit(t, `/sites/${s.site}/..%2f..%2fetc%2fpasswd`)).statusCode).toBe(400);
    // Never on the console's origin.
    expect((await t.app.inject({ url: `/sites/${s.site}/` })).statusCode).toBe(404);
  });

  it('rolls back at once by releasing an earlier version, and serves preview channels at their own address', async () => {
    const s = await siteOf(u);
    await deploy(u, s, FIRST, 'live');
    await deploy(u, s, [{ name: 'index.html', data: '<h1>Broken' }], 'live', 'oops');
    expect((await visit(t, `/sites/${s.site}/`)).body).toBe('<h1>Broken');
    const back = await u.call(api.releaseVersion, { query: s, body: { version: 1, channel: 'live' } });
    expect(back.json().site.liveVersion).toBe(1);
    expect((await visit(t, `/sites/${s.site}/`)).body).toContain('Welcome');
    await u.call(api.releaseVersion, { query: s, body: { version: 2, channel: 'beta' } });
    expect((await visit(t, `/sites/${s.site}--beta/`)).body).toBe('<h1>Broken');
    const versions = (await u.call(api.listVersions, { query: s })).json().versions;
    expect(versions.map((v: { number: number; channels: string[] }) => [v.number, v.channels])).toEqual([[2, ['beta']], [1, ['live']]]);
    expect((await u.call(api.deleteChannel, { query: { ...s, channel: 'live' } })).statusCode).toBe(409);
    await u.call(api.deleteChannel, { query: { ...s, channel: 'beta' } });
    expect((await visit(t, `/sites/${s.site}--beta/`)).statusCode).toBe(404);
  });

  it('follows the configuration: redirects, a single-page app’s rewrite, headers and clean URLs', async () => {
    const s = await siteOf(u);
    await deploy(u, s, [...FIRST, { name: 'dist/404.html', data: 'Lost?' }], 'live');
    expect((await visit(t, `/sites/${s.site}/nowhere`)).statusCode).toBe(404);
    expect((await visit(t, `/sites/${s.site}/nowhere`)).body).toBe('Lost?');
    const config = {
      cleanUrls: true,
      redirects: [{ source: '/old', destination: '/about', type: 301 }],
      rewrites: [{ source: '/app/**', destination: '/index.html' }],
      headers: [{ source: '/assets/**', headers: [{ key: 'Access-Control-Allow-Origin', value: '*' }] }],
    };
    expect((await u.call(api.putSiteConfig, { query: s, body: { config } })).statusCode).toBe(200);
    expect((await visit(t, `/sites/${s.site}/about`)).body).toContain('About us');
    const old = await visit(t, `/sites/${s.site}/old`);
    expect([old.statusCode, old.headers.location]).toEqual([301, '/about']);
    expect((await visit(t, `/sites/${s.site}/app/settings/profile`)).body).toContain('Welcome');
    expect((await visit(t, `/sites/${s.site}/assets/app.js`)).headers['access-control-allow-origin']).toBe('*');
    const bad = await u.call(api.putSiteConfig, { query: s, body: { config: { ...config, headers: [{ source: '**', headers: [{ key: 'Set-Cookie', value: 'a=b' }] }] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].reason).toBe('reservedHeader');
    const open = await u.call(api.putSiteConfig, { query: s, body: { config: { ...config, redirects: [{ source: '/x', destination: 'javascript:alert(1)', type: 302 }] } } });
    expect(open.statusCode).toBe(400);
  });

  it('refuses zips that escape, link or explode, and makes no version of them', async () => {
    const s = await siteOf(u);
    const cases: Array<[string, Parameters<typeof deploy>[2], RegExp]> = [
      ['a path out of the folder', [{ name: '../evil.html', data: 'x' }], /outside|\.\./],
      ['a symbolic link', [{ name: 'index.html', data: 'x' }, { name: 'passwd', data: '/etc/passwd', externalAttributes: (0o120777 << 16) >>> 0 }], /symbolic link/],
      ['a bomb', [{ name: 'index.html', data: 'x' }, { name: 'big.bin', data: Buffer.alloc(30 * 1024 * 1024), method: 'deflate' }], /tight|bomb/],
      ['not a zip', Buffer.from('not a zip at all'), /not a zip/],
    ];
    for (const [what, entries, reason] of cases) {
      const res = await deploy(u, s, entries);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().ret.msg, what).toMatch(reason);
    }
    expect((await u.call(api.listVersions, { query: s })).json().versions).toEqual([]);
  });

  it('takes a folder file by file, and a finished version never changes', async () => {
    const s = await siteOf(u);
    const v = (await u.call(api.createVersion, { query: s, body: { note: 'from a folder' } })).json().version;
    expect(v).toMatchObject({ number: 1, state: 'uploading' });
    for (const [path, text] of [['index.html', '<h1>Folder</h1>'], ['css/site.css', 'body{}']] as const) {
      expect((await u.call(api.uploadVersionFile, { query: { ...s, version: 1, path }, raw: Buffer.from(text) })).statusCode).toBe(200);
    }
    expect((await u.call(api.uploadVersionFile, { query: { ...s, version: 1, path: '../x' }, raw: Buffer.from('x') })).statusCode).toBe(400);
    const done = await u.call(api.finalizeVersion, { query: s, body: { version: 1, channel: 'live' } });
    expect(done.json().version).toMatchObject({ state: 'ready', files: 2 });
    expect((await visit(t, `/sites/${s.site}/css/site.css`)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await u.call(api.uploadVersionFile, { query: { ...s, version: 1, path: 'index.html' }, raw: Buffer.from('changed') })).statusCode).toBe(409);
    expect((await u.call(api.finalizeVersion, { query: s, body: { version: 1 } })).statusCode).toBe(409);
  });

  it('serves a custom domain once its TXT record is found', async () => {
    const s = await siteOf(u);
    await deploy(u, s, FIRST, 'live');
    const domain = `www.site${process.pid}.example.com`;
    const added = (await u.call(api.addDomain, { query: s, body: { domain } })).json().domain;
    expect(added).toMatchObject({ state: 'pending', txtName: `_wharf-challenge.${domain}` });
    expect((await visit(t, '/', { host: domain })).statusCode).toBe(404);
    const records: Record<string, string[][]> = {};
    const { domains } = hostingOf(t.deps);
    expect(await domains.verifyPending(async (name) => records[name] ?? [])).toBe(0);
    records[added.txtName] = [[added.txtValue]];
    expect(await domains.verifyPending(async (name) => records[name] ?? [])).toBe(1);
    expect((await u.call(api.listDomains, { query: s })).json().domains[0].state).toBe('verified');
    expect((await t.deps.database.executeSql(`select team_id from audit_events where action = 'hosting.domainVerified'`)).rows).toEqual([{ team_id: u.teamId }]);
    t.clock.advance(31_000);
    expect((await visit(t, '/about.html', { host: domain })).body).toContain('About us');
    await u.login();
  });
});
