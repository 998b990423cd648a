import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLinksApi as api } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator } from '../../../harness/scenarios';
import { ANDROID_UA, appCall, click, CRAWLER_UA, DESKTOP_UA, flushCounts, HARMONY_UA, IPHONE_UA, linkProject, makeLink, type LinkProject } from './helpers';

let t: TestApp;
let op: TestUser;
let u: TestUser;
let p: LinkProject;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
  u = await TestUser.register(t);
  p = await linkProject(u);
});
afterAll(() => t.close());

const storeToken = (location: string) => /[?&]referrer=wharf_link%3D([A-Za-z0-9_-]+)/.exec(location)?.[1] ?? null;

describe('a click on a short link', () => {
  it('sends each platform where it should go and counts the clicks by platform, country and referrer', async () => {
    const l = await makeLink(u, p, { androidAppId: p.app.appId, desktopUrl: 'https://example.com/pc', iosAppStoreId: '1234567', utm: { campaign: 'spring' } });
    const android = await click(t, l.shortLink, ANDROID_UA, { 'accept-language': 'de-DE', referer: 'https://news.example.net/post' });
    expect(android.statusCode).toBe(302);
    expect(android.headers.location).toMatch(new RegExp(`/en/#/store/${p.app.appId}\\?referrer=wharf_link%3D`));
    expect(android.headers['cache-control']).toBe('private, no-store');
    expect((await click(t, l.shortLink, DESKTOP_UA)).headers.location).toBe('https://example.com/pc?utm_campaign=spring');
    expect((await click(t, l.shortLink, IPHONE_UA)).headers.location).toBe('https://apps.apple.com/app/id1234567');
    expect((await click(t, l.shortLink, HARMONY_UA)).headers.location).toMatch(`#/store/${p.app.appId}?`);
    expect((await click(t, l.shortLink, ANDROID_UA, { 'accept-language': 'ru-RU,ru' })).headers.location).toMatch(`/ru/#/store/${p.app.appId}?`);
    // A HEAD is answered alike, but is no click and keeps no deep link.
    const head = await t.deps.userContent.app.inject({ method: 'HEAD', url: new URL(l.shortLink).pathname, headers: { 'user-agent': ANDROID_UA } });
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toMatch(new RegExp(`#/store/${p.app.appId}$`));
    await flushCounts(t);
    const stats = (await u.call(api.linkStatistics, { query: { projectId: p.projectId, days: 7 }, params: { linkId: l.linkId } })).json().stats;
    expect(stats.totals).toEqual({ clicks: 5, firstOpens: 0, reopens: 0 });
    expect(stats.days).toHaveLength(7);
    expect(stats.days.at(-1).clicks).toBe(5);
    expect(stats.platforms).toEqual(expect.arrayContaining([{ key: 'android', clicks: 2 }, { key: 'desktop', clicks: 1 }, { key: 'ios', clicks: 1 }, { key: 'harmony', clicks: 1 }]));
    expect(stats.countries).toContainEqual({ key: 'DE', clicks: 1 });
    expect(stats.referrers).toContainEqual({ key: 'news.example.net', clicks: 1 });
    expect((await u.call(api.getLink, { query: { projectId: p.projectId }, params: { linkId: l.linkId } })).json().link.clicks).toBe(5);
  });

  it("lets the app's first open claim the deferred deep link once by the token the store install carried", async () => {
    const l = await makeLink(u, p, { androidAppId: p.app.appId, deepLink: 'https://example.com/level/3', utm: { source: 'mail' } });
    const token = storeToken(String((await click(t, l.shortLink, ANDROID_UA)).headers.location));
    expect(token).not.toBeNull();
    const first = await appCall(t, p.key, api.claimDeferredLink.fullPath, { token });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ deepLink: 'https://example.com/level/3', linkId: l.linkId, utm: { source: 'mail' }, matchedBy: 'token' });
    expect((await appCall(t, p.key, api.claimDeferredLink.fullPath, { token })).json()).toMatchObject({ deepLink: null, matchedBy: null });
    const other = await linkProject(u);
    const stolen = storeToken(String((await click(t, l.shortLink, ANDROID_UA)).headers.location));
    expect((await appCall(t, other.key, api.claimDeferredLink.fullPath, { token: stolen })).json().deepLink).toBeNull();
    const reopened = await appCall(t, p.key, api.resolveLink.fullPath, { url: l.shortLink });
    expect(reopened.json()).toMatchObject({ deepLink: 'https://example.com/level/3', matchedBy: 'link' });
    expect((await appCall(t, other.key, api.resolveLink.fullPath, { url: l.shortLink })).json().deepLink).toBeNull();
    await flushCounts(t);
    const stats = (await u.call(api.linkStatistics, { query: { projectId: p.projectId }, params: { linkId: l.linkId } })).json().stats;
    expect(stats.totals).toEqual({ clicks: 2, firstOpens: 1, reopens: 1 });
  });

  it('matches by a coarse fingerprint only where the project turns it on, within two hours', async () => {
    const mine = await linkProject(u);
    const l = await makeLink(u, mine, { androidAppId: mine.app.appId });
    const headers = { 'accept-language': 'fr-FR' };
    await click(t, l.shortLink, ANDROID_UA, headers);
    expect((await appCall(t, mine.key, api.claimDeferredLink.fullPath, { osVersion: '14', language: 'fr-FR' })).json().deepLink).toBeNull();
    await u.call(api.putLinkSettings, { query: { projectId: mine.projectId }, body: { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: true, appleTeamId: null } });
    await click(t, l.shortLink, ANDROID_UA, headers);
    expect((await appCall(t, mine.key, api.claimDeferredLink.fullPath, { osVersion: '13', language: 'fr-FR' })).json().deepLink).toBeNull();
    const claimed = await appCall(t, mine.key, api.claimDeferredLink.fullPath, { osVersion: '14.1', language: 'fr-FR' });
    expect(claimed.json()).toMatchObject({ deepLink: 'https://example.com/item/7', matchedBy: 'fingerprint' });
    await click(t, l.shortLink, ANDROID_UA, headers);
    t.clock.advance(2 * 3_600_000 + 1000);
    await u.login();
    await op.login();
    expect((await appCall(t, mine.key, api.claimDeferredLink.fullPath, { osVersion: '14', language: 'fr-FR' })).json().deepLink).toBeNull();
  });

  it('gives crawlers the preview page with escaped social tags, and never redirects to script or off-list long links', async () => {
    const l = await makeLink(u, p, { social: { title: '<script>alert(1)</script> Sale', description: 'Half "off" & more', imageUrl: 'https://example.com/i.png' } });
    const page = await click(t, l.shortLink, CRAWLER_UA);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt; Sale">');
    expect(page.body).toContain('content="Half &quot;off&quot; &amp; more"');
    expect(page.body).toContain('<meta property="og:image" content="https://example.com/i.png">');
    expect(page.body).not.toContain('<script>');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const long = (query: string) => click(t, `${p.prefix.url}?${query}`, DESKTOP_UA);
    expect((await long(`link=${encodeURIComponent('https://example.com/a')}&ofl=${encodeURIComponent('https://example.com/pc')}&utm_medium=qr`)).headers.location).toBe('https://example.com/pc?utm_medium=qr');
    expect((await long(`link=${encodeURIComponent('javascript:alert(1)')}`)).statusCode).toBe(404);
    expect((await long(`link=${encodeURIComponent('https://example.com/a')}&apn=com.not.ours`)).statusCode).toBe(404);
    const apn = await click(t, `${p.prefix.url}?link=${encodeURIComponent('https://example.com/a')}&apn=${p.app.packageName}`, ANDROID_UA);
    expect(apn.headers.location).toMatch(`#/store/${p.app.appId}`);
    await u.call(api.putLinkSettings, { query: { projectId: p.projectId }, body: { allowedHosts: ['example.com'], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null } });
    expect((await long(`link=${encodeURIComponent('https://evil.example/a')}`)).statusCode).toBe(404);
    await u.call(api.putLinkSettings, { query: { projectId: p.projectId }, body: { allowedHosts: [], perDayLimit: 1000, fingerprintMatching: false, appleTeamId: null } });
    expect((await click(t, `${p.prefix.url}nosuchlink`, DESKTOP_UA)).statusCode).toBe(404);
    expect((await click(t, `${new URL(p.prefix.url).origin}/l/nosuchprefix/abcd`, DESKTOP_UA)).statusCode).toBe(404);
  });

  it('takes reports from the preview page into the operator queue; a taken-down link answers 410 and stays down', async () => {
    const l = await makeLink(u, p, {});
    const form = (reason: string) => t.deps.userContent.app.inject({ method: 'POST', url: '/l/report', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `link=${l.linkId}&reason=${encodeURIComponent(reason)}` });
    expect((await form('phishing')).statusCode).toBe(200);
    expect((await form('still phishing')).statusCode).toBe(200);
    expect((await u.call(api.listLinkReports)).statusCode).toBe(403);
    const queue = (await op.call(api.listLinkReports)).json().reports.find((r: { linkId: string }) => r.linkId === l.linkId);
    expect(queue).toMatchObject({ reason: 'phishing', reports: 2, shortLink: l.shortLink, linkState: 'active' });
    expect((await op.call(api.decideLinkReport, { params: { reportId: queue.reportId }, body: { decision: 'takeDown' } })).statusCode).toBe(200);
    expect((await op.call(api.decideLinkReport, { params: { reportId: queue.reportId }, body: { decision: 'dismiss' } })).statusCode).toBe(404);
    const gone = await click(t, l.shortLink, DESKTOP_UA);
    expect(gone.statusCode).toBe(410);
    const on = await u.call(api.updateLink, { query: { projectId: p.projectId }, params: { linkId: l.linkId }, body: { deepLink: 'https://example.com/', enabled: true } });
    expect(on.statusCode).toBe(409);
  });
});
