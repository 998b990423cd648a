import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi, versionApi } from '@wharf/contract';
import { jpegOfSize, pngOfSize, TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, fullListing, listingMedia, newApp, parsedPackage, released, uploaded } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

describe('creating a version', () => {
  it('starts a draft, and answers the same one while it is unreleased', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const first = await u.call(versionApi.createVersion, { body: { appId } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: true, version: { appId, releaseState: 7, stateName: 'draft', releaseType: 'full', listings: [], allowedActions: ['edit', 'delete', 'submit'] } });
    const again = await u.call(versionApi.createVersion, { body: { appId } });
    expect(again.json()).toMatchObject({ created: false, version: { versionId: first.json().version.versionId } });
    const zh = await u.call(versionApi.getVersion, { headers: { 'x-lang': 'zh' }, query: { appId, versionId: first.json().version.versionId } });
    expect(zh.json().version.stateName).toBe('草稿');
  });

  it('starts an update from the released version’s listing and countries', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId);
    const v2 = (await u.call(versionApi.createVersion, { body: { appId } })).json();
    expect(v2.created).toBe(true);
    expect(v2.version.versionId).not.toBe(v1.versionId);
    expect(v2.version).toMatchObject({ countries: ['CN', 'DE'], ageRating: '12+', pkgId: null, listings: [expect.objectContaining({ language: 'enUS', name: 'Tipsy' })] });
  });

  it('answers 404 for another team’s app and 403 for a role without version management', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const other = await TestUser.register(t);
    expect((await other.call(versionApi.createVersion, { body: { appId } })).statusCode).toBe(404);
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const theirs = await newApp(holder);
    const refused = await member.call(versionApi.createVersion, { body: { appId: theirs.appId } });
    expect(refused.statusCode).toBe(403);
    expect((await member.call(versionApi.versionList, { query: { appId: theirs.appId } })).statusCode).toBe(200);
  });

  it('refuses a malformed app id with 400', async () => {
    const u = await TestUser.register(t);
    const res = await u.call(versionApi.createVersion, { body: { appId: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.msg).toContain('appId');
  });
});

describe('editing a version', () => {
  it('keeps listings per language, merges partial edits and reports what is missing', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const empty = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().completeness;
    expect(empty).toEqual({ complete: false, versionCodeWarning: false, missing: [{ field: 'package' }, { field: 'countries' }, { field: 'ageRating' }, { field: 'defaultListing', language: 'enUS' }] });
    const res = await u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'ruRU', name: 'Типси' }, fullListing()], releaseType: 'phased', reviewNotes: 'Use the demo mode', testAccount: { account: 'demo', password: 'secret1' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().completeness.missing).toEqual([
      { field: 'package' }, { field: 'countries' }, { field: 'ageRating' },
      { field: 'icon', language: 'enUS' }, { field: 'screenshots', language: 'enUS' },
      { field: 'brief', language: 'ruRU' }, { field: 'description', language: 'ruRU' }, { field: 'icon', language: 'ruRU' }, { field: 'screenshots', language: 'ruRU' },
      { field: 'phasedRelease' },
    ]);
    await u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'ruRU', brief: 'Кратко', description: 'Описание' }] } });
    const got = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json();
    expect(got.version.listings.find((l: { language: string }) => l.language === 'ruRU')).toMatchObject({ name: 'Типси', brief: 'Кратко', description: 'Описание' });
    expect(got.version).toMatchObject({ releaseType: 'phased', reviewNotes: 'Use the demo mode', testAccount: { account: 'demo', password: 'secret1' } });
  });

  it('takes an icon, 3–5 screenshots and up to 3 videos from the team’s uploaded files', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const edit = (listing: Record<string, unknown>) => u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'enUS', ...listing }] } });
    const media = await listingMedia(u);
    const video = await uploaded(u, 'trailer.mp4', 'video/mp4');
    const ok = await edit({ ...media, videoObjectIds: [video] });
    expect(ok.json().version.listings[0]).toMatchObject({ ...media, videoObjectIds: [video] });
    expect(ok.json().completeness.missing.filter((m: { field: string }) => ['icon', 'screenshots'].includes(m.field))).toEqual([]);
    const two = await edit({ screenshotObjectIds: media.screenshotObjectIds.slice(0, 2) });
    expect(two.json().completeness.missing).toContainEqual({ field: 'screenshots', language: 'enUS' });
    const notImage = await edit({ screenshotObjectIds: [video] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().ret.msg).toBe('Invalid input: listings.0.screenshotObjectIds: a PNG, JPEG or WebP image');
    expect(notImage.json().errors).toEqual([{ field: 'listings.0.screenshotObjectIds', name: 'screenshotObjectIds', in: 'body', rule: 'invalid', reason: 'screenshotType' }]);
    expect((await edit({ videoObjectIds: [media.iconObjectId] })).json().errors).toMatchObject([{ name: 'videoObjectIds', reason: 'videoType' }]);
    const other = await TestUser.register(t);
    const theirs = await uploaded(other, 'theirs.png', 'image/png');
    const foreign = await edit({ iconObjectId: theirs });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toMatchObject([{ field: 'listings.0.iconObjectId', reason: 'uploadedFile' }]);
    expect((await edit({ screenshotObjectIds: Array(6).fill(media.iconObjectId) })).statusCode).toBe(400);
    expect((await edit({ iconObjectId: null })).json().version.listings[0].iconObjectId).toBeNull();
  });

  it('takes listing images that fit the store: a PNG icon of 216 or 1024 pixels, screenshots of 320–3840 pixels a side', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const upload = async (fileName: string, raw: Buffer, contentType = 'image/png') =>
      (await u.call(fileApi.uploadObject, { query: { fileName, contentType }, raw })).json().object as { objectId: string; contentType: string; width: number; height: number };
    const edit = (listing: Record<string, unknown>) => u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [{ language: 'enUS', ...listing }] }, headers: { 'accept-language': 'ru' } });
    // The upload answers the size it read, and the type the bytes say whatever was declared.
    const big = await upload('icon-1024.png', pngOfSize(1024, 1024));
    expect(big).toMatchObject({ width: 1024, height: 1024, contentType: 'image/png' });
    const photo = await upload('photo.png', jpegOfSize(800, 450));
    expect(photo).toMatchObject({ width: 800, height: 450, contentType: 'image/jpeg' });
    expect((await edit({ iconObjectId: big.objectId, screenshotObjectIds: [photo.objectId] })).statusCode).toBe(200);

    const small = await upload('icon-64.png', pngOfSize(64, 64));
    const refused = await edit({ iconObjectId: small.objectId, screenshotObjectIds: [photo.objectId, (await upload('thin.png', pngOfSize(300, 900))).objectId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ret.msg).toBe('Недопустимые параметры: listings.0.iconObjectId: 216×216 или 1024×1024 пикселей; listings.0.screenshotObjectIds: от 320 до 3840 пикселей по стороне, длинная сторона не больше двух коротких');
    expect(refused.json().errors.map((e: { reason: string }) => e.reason)).toEqual(['iconPixels', 'screenshotPixels']);
    expect((await edit({ iconObjectId: photo.objectId })).json().errors).toMatchObject([{ reason: 'iconType' }]);
    // Nothing of a refused edit is kept.
    const kept = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.listings[0];
    expect(kept).toMatchObject({ iconObjectId: big.objectId, screenshotObjectIds: [photo.objectId] });
  });

  it('will not submit a listing whose images were saved before the rules, and reads the size of an image stored without one', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId);
    const listing = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.listings[0];
    // As a row written before sizes were recorded: the size is read from storage and kept.
    await t.deps.database.executeSql(`update files set width = null, height = null where id = $1`, [listing.screenshotObjectIds[0]]);
    const read = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json();
    expect(read.completeness.missing).toEqual([]);
    const { rows } = await t.deps.database.executeSql(`select width, height from files where id = $1`, [listing.screenshotObjectIds[0]]);
    expect(rows[0]).toEqual({ width: 450, height: 800 });
    // A 64-pixel icon saved before the rules existed.
    const small = (await u.call(fileApi.uploadObject, { query: { fileName: 'old.png', contentType: 'image/png' }, raw: pngOfSize(64, 64) })).json().object.objectId;
    await t.deps.database.executeSql(`update version_listings set icon_object_id = $1 where version_id = $2`, [small, versionId]);
    const stale = (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json();
    expect(stale.completeness).toMatchObject({ complete: false, missing: [{ field: 'iconImage', language: 'enUS' }] });
    const submit = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().ret.msg).toBe('The version is not complete; missing: iconImage (enUS)');
  });

  it('holds the listing limits: 64, 80 (17 in Chinese), 8000, 1000, and languages from the catalogue', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const edit = (listing: Record<string, unknown>) => u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [listing] } });
    expect((await edit({ language: 'enUS', name: 'x'.repeat(64), brief: 'b'.repeat(80), description: 'd'.repeat(8000), newFeatures: 'n'.repeat(1000) })).statusCode).toBe(200);
    for (const [field, length] of [['name', 65], ['brief', 81], ['description', 8001], ['newFeatures', 1001]] as const) {
      const res = await edit({ language: 'enUS', [field]: 'x'.repeat(length) });
      expect(res.statusCode).toBe(400);
      expect(res.json().ret.msg).toContain(field);
    }
    expect((await edit({ language: 'zhCN', brief: '简'.repeat(17) })).statusCode).toBe(200);
    const chinese = await edit({ language: 'zhCN', brief: '简'.repeat(18) });
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json().ret.msg).toBe('Invalid input: listings[0].brief is at most 17 characters in zhCN');
    const unknown = await edit({ language: 'xxXX', name: 'A' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ret.msg).toContain('language catalogue');
    const regions = await u.call(versionApi.updateVersion, { body: { appId, versionId, countries: ['RU'], regions: ['northAmerica', 'china'] } });
    expect(regions.json().version.countries).toEqual(['BM', 'CA', 'CN', 'GL', 'PM', 'RU', 'US']);
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId, regions: ['mars'] } })).statusCode).toBe(400);
    const country = await u.call(versionApi.updateVersion, { body: { appId, versionId, countries: ['QQ'] } });
    expect(country.json().ret.msg).toContain('QQ');
    const past = await u.call(versionApi.updateVersion, { body: { appId, versionId, releaseAt: '2020-01-01T00:00:00Z' } });
    expect(past.statusCode).toBe(400);
  });

  it('takes a parsed package whose versionCode is not below the on-shelf one, warning when equal', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    await released(t, u, op, appId, 20);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    const lower = await parsedPackage(t, u, appId, 19);
    const refused = await u.call(versionApi.updateVersion, { body: { appId, versionId, pkgId: lower.pkgId } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ret.msg).toContain('versionCode 19 is lower than the on-shelf version’s 20'.replace('’', "'"));
    const equal = await parsedPackage(t, u, appId, 20);
    const warned = await u.call(versionApi.updateVersion, { body: { appId, versionId, pkgId: equal.pkgId } });
    expect(warned.json()).toMatchObject({ version: { versionCode: 20, versionName: '1.0.20' }, completeness: { versionCodeWarning: true } });
    const higher = await parsedPackage(t, u, appId, 21);
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId, pkgId: higher.pkgId } })).json().completeness.versionCodeWarning).toBe(false);
    const theirs = await newApp(u);
    const foreign = await parsedPackage(t, u, theirs.appId, 30);
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId, pkgId: foreign.pkgId } })).statusCode).toBe(404);
  });

  it('deletes a language and a draft; the member of another team gets 404', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId);
    await u.call(versionApi.updateVersion, { body: { appId, versionId, listings: [fullListing('deDE')] } });
    const other = await TestUser.register(t);
    expect((await other.call(versionApi.deleteVersionLanguage, { query: { appId, versionId, language: 'deDE' } })).statusCode).toBe(404);
    const removed = await u.call(versionApi.deleteVersionLanguage, { query: { appId, versionId, language: 'deDE' } });
    expect(removed.json().version.listings.map((l: { language: string }) => l.language)).toEqual(['enUS']);
    expect((await u.call(versionApi.deleteVersionLanguage, { query: { appId, versionId, language: 'deDE' } })).statusCode).toBe(404);
    expect((await other.call(versionApi.deleteVersion, { query: { appId, versionId } })).statusCode).toBe(404);
    expect((await u.call(versionApi.deleteVersion, { query: { appId, versionId } })).statusCode).toBe(200);
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).statusCode).toBe(404);
  });
});

describe('the age rating', () => {
  it('is set and cleared while editable, refused when unknown (400 naming the field), and shown in the version', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version;
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.ageRating).toBeNull();
    const set = await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: '16+' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().version.ageRating).toBe('16+');
    expect(set.json().completeness.missing).not.toContainEqual({ field: 'ageRating' });
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.ageRating).toBe('16+');
    // Another edit leaves it as it was.
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId, reviewNotes: 'n' } })).json().version.ageRating).toBe('16+');
    for (const bad of ['21+', '', 12, '12']) {
      const res = await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().ret.msg).toContain('ageRating');
    }
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.ageRating).toBe('16+');
    const cleared = await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: null } });
    expect(cleared.json().version.ageRating).toBeNull();
    expect(cleared.json().completeness.missing).toContainEqual({ field: 'ageRating' });
  });

  it('is needed to submit, and an update starts from the released version’s rating', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId, 10);
    await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: null } });
    const refused = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toBe('The version is not complete; missing: ageRating');
    const zh = await u.call(versionApi.submitVersion, { headers: { 'x-lang': 'zh' }, body: { appId, versionId } });
    expect(zh.json().ret.msg).toBe('版本信息不完整，缺少：ageRating');
    await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: '7+' } });
    expect((await u.call(versionApi.submitVersion, { body: { appId, versionId } })).json().version).toMatchObject({ releaseState: 4, ageRating: '7+' });
    // Not editable under review.
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId, ageRating: '18+' } })).statusCode).toBe(409);
    const task = (await t.deps.database.executeSql(`select id from review_tasks where subject_id = $1 and state = 'open'`, [versionId])).rows[0] as { id: string };
    // The reviewer sees it in the task.
    expect((await op.call(versionApi.reviewTaskDetail, { query: { taskId: task.id } })).json().version.ageRating).toBe('7+');
    await op.call(versionApi.submitReview, { body: { taskId: task.id, decision: 'approve' } });
    const next = (await u.call(versionApi.createVersion, { body: { appId } })).json();
    expect(next).toMatchObject({ created: true, version: { ageRating: '7+' } });
    expect((await u.call(versionApi.updateVersion, { body: { appId, versionId: next.version.versionId, ageRating: '12+' } })).json().version.ageRating).toBe('12+');
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.ageRating).toBe('7+');
  });
});

describe('lists', () => {
  it('pages the versions newest first with a cursor, total on request', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      ids.push((await released(t, u, op, appId, 10 + i)).versionId);
    }
    const page1 = (await u.call(versionApi.versionList, { query: { appId, pageSize: 2, withTotal: true } })).json();
    expect(page1.items.map((v: { versionId: string }) => v.versionId)).toEqual([ids[2], ids[1]]);
    expect(page1.total).toBe(3);
    const page2 = (await u.call(versionApi.versionList, { query: { appId, pageSize: 2, cursor: page1.nextCursor } })).json();
    expect(page2.items.map((v: { versionId: string }) => v.versionId)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expect((await u.call(versionApi.versionList, { query: { appId, cursor: '!!' } })).statusCode).toBe(400);
    const history = (await u.call(versionApi.historyVersionList, { query: { appId } })).json().items;
    expect(history.map((v: { superseded: boolean }) => v.superseded)).toEqual([false, true, true]);
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version.versionId).toBe(ids[2]);
  });
});
