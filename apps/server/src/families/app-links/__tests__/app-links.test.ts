import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLinksApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
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

const q = () => ({ projectId: p.projectId });
const audits = async (action: string) => (await t.deps.database.executeSql(`select target_id from audit_events where action = $1`, [action])).rows;

describe('App Linking in the console', () => {
  it('makes short links with a custom or random suffix, lists and searches them, each with an audit event', async () => {
    const custom = await makeLink(u, p, { suffix: 'Spring-Sale', name: 'Spring' });
    expect(custom.shortLink).toBe(`${p.prefix.url}Spring-Sale`);
    expect(custom.shortLink).toMatch(/\/l\/go\d+-\d+\/Spring-Sale$/);
    t.clock.advance(1000);
    const random = await makeLink(u, p, { deepLink: 'https://example.com/other' });
    expect(random.suffix).toMatch(/^[A-Za-z2-9]{8}$/);
    const all = (await u.call(api.listLinks, { query: { ...q(), withTotal: 'true' } })).json();
    expect(all.total).toBe(2);
    expect(all.items.map((l: { linkId: string }) => l.linkId)).toEqual([random.linkId, custom.linkId]);
    const found = (await u.call(api.listLinks, { query: { ...q(), search: 'other' } })).json().items;
    expect(found.map((l: { linkId: string }) => l.linkId)).toEqual([random.linkId]);
    expect((await audits('app-links.create')).map((r) => (r as { target_id: string }).target_id)).toEqual(expect.arrayContaining([custom.linkId, random.linkId]));
  });

  it('refuses a taken suffix in any case, reserved words, script and off-list targets, and apps of other projects', async () => {
    await makeLink(u, p, { suffix: 'summer' });
    const taken = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', suffix: 'SUMMER' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().ret.msg).toContain('SUMMER');
    const reserved = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', suffix: 'login' } });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().errors[0]).toMatchObject({ field: 'suffix', reason: 'linkSuffix' });
    for (const deepLink of ['javascript:alert(1)', 'data:text/html,x', '//evil.example/', 'https://u:p@example.com/']) {
      const bad = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink } });
      expect(bad.statusCode, deepLink).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'deepLink', reason: 'linkTarget' });
    }
    await u.call(api.putLinkSettings, { query: q(), body: { allowedHosts: ['example.com', '*.example.org'], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null } });
    const offList = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', desktopUrl: 'https://evil.example/' }, headers: { 'accept-language': 'ru' } });
    expect(offList.statusCode).toBe(400);
    expect(offList.json().ret.msg).toContain('evil.example');
    expect(offList.json().ret.msg).toMatch(/[а-я]/);
    expect((await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://shop.example.org/x' } })).statusCode).toBe(200);
    const other = await linkProject(u);
    const foreign = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', androidAppId: other.app.appId } });
    expect(foreign.statusCode).toBe(400);
    const past = await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() } });
    expect(past.statusCode).toBe(400);
    await u.call(api.putLinkSettings, { query: q(), body: { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null } });
  });

  it('keeps prefix names unique on the deployment and refuses deleting a prefix that holds links', async () => {
    const again = await u.call(api.createPrefix, { query: q(), body: { kind: 'path', name: p.prefix.name } });
    expect(again.statusCode).toBe(409);
    expect((await u.call(api.createPrefix, { query: q(), body: { kind: 'path', name: 'admin' } })).statusCode).toBe(400);
    expect((await u.call(api.deletePrefix, { query: q(), params: { prefixId: p.prefix.prefixId } })).statusCode).toBe(409);
    const spare = (await u.call(api.createPrefix, { query: q(), body: { kind: 'path', name: `spare${process.pid}` } })).json().prefix;
    expect((await u.call(api.deletePrefix, { query: q(), params: { prefixId: spare.prefixId } })).statusCode).toBe(200);
    const listed = (await u.call(api.listPrefixes, { query: q() })).json().prefixes;
    expect(listed).toEqual([expect.objectContaining({ prefixId: p.prefix.prefixId, kind: 'path', state: 'verified', links: expect.any(Number) })]);
  });

  it('keeps the daily creation limit, counting the links of the day', async () => {
    const mine = await linkProject(u);
    await u.call(api.putLinkSettings, { query: { projectId: mine.projectId }, body: { allowedHosts: [], perDayLimit: 2, fingerprintMatching: false, appleTeamId: null } });
    await makeLink(u, mine, {});
    await makeLink(u, mine, {});
    const third = await u.call(api.createLink, { query: { projectId: mine.projectId }, body: { prefixId: mine.prefix.prefixId, deepLink: 'https://example.com/' } });
    expect(third.statusCode).toBe(429);
    expect((await u.call(api.getLinkSettings, { query: { projectId: mine.projectId } })).json().createdToday).toBe(2);
    t.clock.advance(86_400_000);
    await u.login();
    expect((await u.call(api.createLink, { query: { projectId: mine.projectId }, body: { prefixId: mine.prefix.prefixId, deepLink: 'https://example.com/' } })).statusCode).toBe(200);
  });

  it('turns a link off and on, expires it, and never gives a deleted link\'s address to another', async () => {
    const l = await makeLink(u, p, { suffix: 'autumn', desktopUrl: 'https://example.com/pc' });
    expect((await click(t, l.shortLink, DESKTOP_UA)).headers.location).toBe('https://example.com/pc');
    const body = { deepLink: 'https://example.com/item/7', desktopUrl: 'https://example.com/pc', enabled: false };
    expect((await u.call(api.updateLink, { query: q(), params: { linkId: l.linkId }, body })).json().link.state).toBe('disabled');
    expect((await click(t, l.shortLink, DESKTOP_UA)).statusCode).toBe(404);
    await u.call(api.updateLink, { query: q(), params: { linkId: l.linkId }, body: { ...body, enabled: true, expiresAt: new Date(t.clock.now().getTime() + 60_000).toISOString() } });
    expect((await click(t, l.shortLink, DESKTOP_UA)).statusCode).toBe(302);
    t.clock.advance(61_000);
    const expired = await click(t, l.shortLink, DESKTOP_UA, { 'accept-language': 'zh-CN' });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('链接已过期');
    expect((await u.call(api.deleteLink, { query: q(), params: { linkId: l.linkId } })).statusCode).toBe(200);
    expect((await click(t, l.shortLink, ANDROID_UA)).statusCode).toBe(404);
    expect((await u.call(api.getLink, { query: q(), params: { linkId: l.linkId } })).statusCode).toBe(404);
    expect((await u.call(api.createLink, { query: q(), body: { prefixId: p.prefix.prefixId, deepLink: 'https://example.com/', suffix: 'autumn' } })).statusCode).toBe(409);
  });
});
