import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientsApi, appApi, appLinksApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { parsedPackage } from '../../../harness/scenarios';
import { appLinksOf } from '../services';
import { ANDROID_UA, click, DESKTOP_UA, linkProject, makeLink, type LinkProject } from './helpers';

let t: TestApp;
let u: TestUser;
let p: LinkProject;
beforeAll(async () => {
  t = await createTestApp();
  u = await TestUser.register(t);
  p = await linkProject(u);
});
afterAll(() => t.close());

const CERT = 'ab'.repeat(32);
const wellKnown = (path: string, host?: string) => t.deps.userContent.app.inject({ url: path, headers: host ? { host } : {} });

describe('association files and link hosts', () => {
  it("lists the apps the link host vouches for: Android packages with their signing certificates, Harmony app IDs, Apple bundle IDs", async () => {
    const { pkgId } = await parsedPackage(t, u, p.app.appId, 1);
    await t.deps.database.executeSql(`update packages set certificates = $1 where id = $2`, [[CERT], pkgId]);
    const harmony = (await u.call(appApi.createApp, { body: { projectId: p.projectId, platform: 'harmony', name: 'Harmony game', packageName: `com.wharf.hm${process.pid}`, category: 'app', defaultLanguage: 'enUS' } })).json().app;
    await u.call(api.putLinkSettings, { query: { projectId: p.projectId }, body: { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: 'ABCDE12345' } });
    await makeLink(u, p, { iosBundleId: 'com.example.game' });
    const assetlinks = await wellKnown('/.well-known/assetlinks.json');
    expect(assetlinks.headers['content-type']).toMatch(/^application\/json/);
    expect(assetlinks.json().statements).toContainEqual({
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: p.app.packageName, sha256_cert_fingerprints: [Array(32).fill('AB').join(':')] },
    });
    expect((await wellKnown('/.well-known/applinking.json')).json().applinking.apps).toContainEqual({ appIdentifier: harmony.appId });
    const apple = (await wellKnown('/.well-known/apple-app-site-association')).json();
    expect(apple.applinks.details).toContainEqual({ appIDs: ['ABCDE12345.com.example.game'], components: [{ '/': `/l/${p.prefix.name}/*` }] });
    expect((await wellKnown('/apple-app-site-association')).json()).toEqual(apple);
  });

  it('serves a host of the project once its TXT record proves it, with its own association files', async () => {
    const host = `go${process.pid}.example.test`;
    const made = await u.call(api.createPrefix, { query: { projectId: p.projectId }, body: { kind: 'host', host: host.toUpperCase() } });
    expect(made.statusCode, made.body).toBe(200);
    const prefix = made.json().prefix;
    expect(prefix).toMatchObject({ kind: 'host', name: host, state: 'pending', url: `https://${host}/`, txtName: `_wharf-challenge.${host}` });
    const early = await u.call(api.createLink, { query: { projectId: p.projectId }, body: { prefixId: prefix.prefixId, deepLink: 'https://example.com/' } });
    expect(early.statusCode).toBe(409);
    expect(await appLinksOf(t.deps).prefixes.verifyPending(async () => [['wharf-verification=wrong']])).toBe(0);
    expect(await appLinksOf(t.deps).prefixes.verifyPending(async (name) => (name === prefix.txtName ? [[prefix.txtValue]] : []))).toBe(1);
    const l = await makeLink(u, { ...p, prefix }, { suffix: 'hello', androidAppId: p.app.appId, desktopUrl: 'https://example.com/pc' });
    expect(l.shortLink).toBe(`https://${host}/hello`);
    expect((await click(t, l.shortLink, DESKTOP_UA)).headers.location).toBe('https://example.com/pc');
    expect((await click(t, l.shortLink, ANDROID_UA)).headers.location).toMatch(`/en/#/store/${p.app.appId}?referrer=wharf_link%3D`);
    const own = await wellKnown('/.well-known/assetlinks.json', host);
    expect(own.json().statements.map((s: { target: { package_name: string } }) => s.target.package_name)).toEqual([p.app.packageName]);
    expect((await wellKnown('/.well-known/apple-app-site-association', host)).json().applinks.details[0].components).toEqual([{ '/': '/*' }]);
    expect((await wellKnown('/elsewhere/x', host)).statusCode).toBe(404);
    expect((await wellKnown('/hello', 'unknown.example.test')).statusCode).toBe(404);
  });
});

describe('bulk creation by API clients', () => {
  const token = async (role: 'administrator' | 'publishing') => {
    const made = (await u.call(apiClientsApi.createApiClient, { body: { name: `Links CI ${role} ${Math.random().toString(36).slice(2, 6)}`, role } })).json();
    const res = await t.app.inject({ method: 'POST', url: apiClientsApi.obtainToken.fullPath, payload: { grant_type: 'client_credentials', client_id: made.client.clientId, client_secret: made.clientSecret } });
    return { authorization: `Bearer ${res.json().access_token as string}` };
  };
  const bulk = (headers: Record<string, string>, links: unknown[], projectId = p.projectId) =>
    t.app.inject({ method: 'POST', url: `${api.bulkCreateLinks.fullPath}?projectId=${projectId}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ links }) });

  it('makes them all or none, for a client whose role may manage links', async () => {
    const admin = await token('administrator');
    const three = [1, 2, 3].map((i) => ({ prefixId: p.prefix.prefixId, deepLink: `https://example.com/p/${i}`, suffix: `bulk-${process.pid}-${i}` }));
    const made = await bulk(admin, three);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().links.map((l: { suffix: string }) => l.suffix)).toEqual(three.map((l) => l.suffix));
    const clash = await bulk(admin, [{ prefixId: p.prefix.prefixId, deepLink: 'https://example.com/new', suffix: `fresh-${process.pid}` }, three[0]]);
    expect(clash.statusCode).toBe(409);
    expect((await u.call(api.listLinks, { query: { projectId: p.projectId, search: `fresh-${process.pid}` } })).json().items).toEqual([]);
    const bad = await bulk(admin, [{ prefixId: p.prefix.prefixId, deepLink: 'javascript:alert(1)' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('links.0.deepLink');
    expect((await bulk(await token('publishing'), three)).statusCode).toBe(403);
  });
});
