import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, fullListing, listingMedia, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const DAY = 24 * 3600_000;
const store = (appId: string, language?: string) => t.app.inject({ method: 'GET', url: buildPath(versionApi.storeApp, { appId }), query: language ? { language } : {} });
const image = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the public store page', () => {
  it('shows an on-shelf app to anyone: listing, images, size, date and the download link', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    const res = await store(app.appId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const listed = res.json().app;
    expect(listed).toMatchObject({
      appId: app.appId,
      packageName: app.packageName,
      versionId: v.versionId,
      versionCode: 10,
      versionName: '1.0.10',
      size: v.bytes.length,
      language: 'enUS',
      languages: ['enUS'],
      name: 'Tipsy',
      brief: 'Tips for everyone',
      downloadUrl: buildPath(versionApi.download, { versionId: v.versionId }),
    });
    expect(listed.updatedAt).toBe(t.clock.now().toISOString());
    expect(listed.screenshotUrls).toHaveLength(3);
    // The images load without a session and may be cached.
    const icon = await image(listed.iconUrl);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect((await image(listed.iconUrl, { 'if-none-match': String(icon.headers.etag) })).statusCode).toBe(304);
    for (const url of listed.screenshotUrls) expect((await image(url)).statusCode).toBe(200);
    // The link of the QR code downloads the package without naming a device.
    const dl = await t.app.inject({ method: 'GET', url: listed.downloadUrl });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(v.bytes)).toBe(true);
  });

  it('answers the language asked for, else the default one', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await completeVersion(t, u, app.appId, 10);
    const ru = { ...fullListing('ruRU'), name: 'Чаевые', ...(await listingMedia(u)) };
    const zh = { ...fullListing('zhCN'), name: '小费', brief: '给每个人的小费', ...(await listingMedia(u)) };
    expect((await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId: v.versionId, listings: [ru, zh] } })).statusCode).toBe(200);
    await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: v.versionId } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } });
    expect((await store(app.appId, 'ruRU')).json().app).toMatchObject({ language: 'ruRU', name: 'Чаевые', languages: ['enUS', 'ruRU', 'zhCN'] });
    expect((await store(app.appId, 'zhCN')).json().app).toMatchObject({ language: 'zhCN', name: '小费' });
    // No German listing: the app's default language (enUS); a Chinese variant finds the Chinese one.
    expect((await store(app.appId, 'deDE')).json().app).toMatchObject({ language: 'enUS', name: 'Tipsy' });
    expect((await store(app.appId, 'zhHK')).json().app).toMatchObject({ language: 'zhCN' });
    expect((await store(app.appId)).json().app.language).toBe('enUS');
  });

  it('knows nothing of drafts, versions in review or unknown apps, and serves none of their images', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await completeVersion(t, u, app.appId, 10);
    const draft = (await u.call(versionApi.getVersion, { query: { appId: app.appId, versionId: v.versionId } })).json().version;
    const iconOfDraft = buildPath(versionApi.storeImage, { versionId: v.versionId, objectId: draft.listings[0].iconObjectId });
    const missing = await store(app.appId);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().ret.msg).toBe('This app is not available in the store');
    expect((await image(iconOfDraft)).statusCode).toBe(404);
    await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: v.versionId } });
    expect((await store(app.appId)).statusCode).toBe(404);
    expect((await image(iconOfDraft)).statusCode).toBe(404);
    expect((await store('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await store('not-a-uuid')).statusCode).toBe(400);
    expect((await store(app.appId, 'not a language')).statusCode).toBe(400);
  });

  it('serves only the listing images of the version shown, not other files of the team', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    const other = await listingMedia(u);
    expect((await image(buildPath(versionApi.storeImage, { versionId: v.versionId, objectId: other.iconObjectId }))).statusCode).toBe(404);
    // The next version's images stay hidden while it is a draft, even though the app is on shelf.
    const next = await completeVersion(t, u, app.appId, 11);
    const nextIcon = (await u.call(versionApi.getVersion, { query: { appId: app.appId, versionId: next.versionId } })).json().version.listings[0].iconObjectId;
    expect((await image(buildPath(versionApi.storeImage, { versionId: next.versionId, objectId: nextIcon }))).statusCode).toBe(404);
    expect((await image(buildPath(versionApi.storeImage, { versionId: v.versionId, objectId: nextIcon }))).statusCode).toBe(404);
    expect((await store(app.appId)).json().app.versionId).toBe(v.versionId);
  });

  it("lists the apps in the store on its front page, the latest updated first, in pages, in the visitor's language", async () => {
    const u = await TestUser.register(t);
    const first = await newApp(u);
    await released(t, u, op, first.appId, 10);
    t.clock.advance(60_000);
    const second = await newApp(u);
    const v2 = await released(t, u, op, second.appId, 10);
    // Not in the store: an app with a draft only.
    const drafted = await newApp(u);
    await completeVersion(t, u, drafted.appId, 10);
    const front = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: buildPath(versionApi.storeIndex, {}), query });
    const one = await front({ pageSize: '1', language: 'ruRU', country: 'FR' });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().items).toEqual([
      { appId: second.appId, platform: 'android', language: 'enUS', name: 'Tipsy', brief: 'Tips for everyone', iconUrl: expect.stringContaining(v2.versionId), preRegistration: false, offeredHere: false, updatedAt: t.clock.now().toISOString() },
    ]);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = cursor ? { pageSize: '48', cursor } : { pageSize: '48' };
      const page: { items: Array<{ appId: string }>; nextCursor: string | null } = (await front(query)).json();
      all.push(...page.items.map((i) => i.appId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all.indexOf(second.appId)).toBeLessThan(all.indexOf(first.appId));
    expect(all).not.toContain(drafted.appId);
    expect((await front({ pageSize: '49' })).statusCode).toBe(400);
  });

  it('is gone after a shelf-off, images too', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    const { iconUrl } = (await store(app.appId)).json().app;
    await u.call(versionApi.shelfOff, { body: { appId: app.appId, versionId: v.versionId, reason: 'Retiring' } });
    // Still on shelf while the removal is reviewed.
    expect((await store(app.appId)).statusCode).toBe(200);
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } });
    expect((await store(app.appId)).statusCode).toBe(404);
    expect((await image(iconUrl)).statusCode).toBe(404);
  });

  it('shows the version every device gets while a phased release runs, the new one once it is released fully', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v1 = await released(t, u, op, app.appId, 10);
    const v2 = await completeVersion(t, u, app.appId, 11);
    const ref = { appId: app.appId, versionId: v2.versionId };
    await u.call(versionApi.updateVersion, { body: { ...ref, releaseType: 'phased' } });
    const now = t.clock.now();
    const phase = await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'UPDATE', percent: 10, startAt: now.toISOString(), endAt: new Date(now.getTime() + 30 * DAY).toISOString(), description: 'Careful' } });
    expect(phase.statusCode, phase.body).toBe(200);
    await u.call(versionApi.submitVersion, { body: ref });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'approve' } });
    expect((await u.call(versionApi.phasedReleaseHistory, { query: ref })).json().phasedRelease.state).toBe('active');
    expect((await store(app.appId)).json().app).toMatchObject({ versionId: v1.versionId, versionCode: 10 });
    expect((await u.call(versionApi.changePhasedRelease, { body: { ...ref, state: 'RELEASE' } })).statusCode).toBe(200);
    expect((await store(app.appId)).json().app).toMatchObject({ versionId: v2.versionId, versionCode: 11 });
  });
});
