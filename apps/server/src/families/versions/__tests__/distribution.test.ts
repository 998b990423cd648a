import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { countryOfAcceptLanguage } from '../distribution';
import { appWithOperator, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const check = (query: Record<string, string | number>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers });
const download = (versionId: string, headers: Record<string, string> = {}, query: Record<string, string> = { deviceId: 'dev-1' }) =>
  t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId }), query, headers });
const counts = async (versionId: string) =>
  (await t.deps.database.executeSql(`select country, count::int as n from download_counts where version_id = $1 order by country`, [versionId])).rows;

describe('the update check', () => {
  it('answers the on-shelf version when newer than the installed one, in its countries', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const ask = (versionCode: number, more: Record<string, string> = {}) => check({ packageName: app.packageName, versionCode, deviceId: 'device-a', ...more });
    expect((await ask(1)).json()).toEqual({ ret: { code: 0, msg: 'success' }, update: null });
    const v = await released(t, u, op, app.appId, 10);
    const res = await ask(9);
    expect(res.statusCode).toBe(200);
    expect(res.json().update).toMatchObject({ versionId: v.versionId, versionCode: 10, versionName: '1.0.10', size: 4096, downloadUrl: buildPath(versionApi.download, { versionId: v.versionId }) });
    expect((await ask(10)).json().update).toBeNull();
    expect((await ask(9, { country: 'us' })).json().update).toBeNull();
    expect((await ask(9, { country: 'de' })).json().update.versionId).toBe(v.versionId);
    // Without a country, the region of Accept-Language decides.
    const viaLanguage = (tag: string) => check({ packageName: app.packageName, versionCode: 9, deviceId: 'device-a' }, { 'accept-language': tag });
    expect((await viaLanguage('en-US')).json().update).toBeNull();
    expect((await viaLanguage('de-DE,de;q=0.9')).json().update.versionId).toBe(v.versionId);
    expect((await check({ packageName: 'com.nobody.here', versionCode: 1, deviceId: 'x' })).json().update).toBeNull();
  });

  it('lets devices revalidate with the ETag: 304 while nothing changed, a new answer after a release', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    await released(t, u, op, app.appId, 10);
    const q = { packageName: app.packageName, versionCode: 1, deviceId: 'device-b' };
    const first = await check(q);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const same = await check(q, { 'if-none-match': etag });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    await released(t, u, op, app.appId, 11);
    const changed = await check(q, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().update.versionCode).toBe(11);
  });

  it('answers nothing once the app is off shelf', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    await u.call(versionApi.shelfOff, { body: { appId: app.appId, versionId: v.versionId, reason: 'Retiring' } });
    expect((await check({ packageName: app.packageName, versionCode: 1, deviceId: 'd' })).json().update.versionId).toBe(v.versionId);
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } });
    expect((await check({ packageName: app.packageName, versionCode: 1, deviceId: 'd' })).json().update).toBeNull();
    expect((await download(v.versionId)).statusCode).toBe(404);
  });

  it('explains bad input with 400', async () => {
    const bad = await check({ packageName: 'com.a.b', versionCode: 'abc', deviceId: 'd' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('versionCode');
    expect((await check({ packageName: 'com.a.b', versionCode: 1 })).json().ret.msg).toContain('deviceId');
    expect((await check({ packageName: 'com.a.b', versionCode: 1, deviceId: 'd', country: 'DEU' })).statusCode).toBe(400);
    expect((await download('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('downloads', () => {
  it('streams the uploaded bytes, with ranges, and counts each download per day, version and country', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    const full = await download(v.versionId, {}, { deviceId: 'd1', country: 'de' });
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(v.bytes)).toBe(true);
    expect(full.headers['accept-ranges']).toBe('bytes');
    const head = await download(v.versionId, { range: 'bytes=0-99', 'accept-language': 'zh-CN,zh;q=0.8' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe('bytes 0-99/4096');
    expect(head.rawPayload.equals(v.bytes.subarray(0, 100))).toBe(true);
    // The rest of a resumed download is not another download.
    const rest = await download(v.versionId, { range: 'bytes=100-', 'accept-language': 'zh-CN' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(v.bytes.subarray(100))).toBe(true);
    expect((await download(v.versionId, { 'accept-language': 'en' })).statusCode).toBe(200);
    const beyond = await download(v.versionId, { range: 'bytes=5000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */4096');
    expect(await counts(v.versionId)).toEqual([{ country: 'CN', n: 1 }, { country: 'DE', n: 1 }, { country: 'ZZ', n: 1 }]);
    const { rows } = await t.deps.database.executeSql(`select day::text as day from download_counts where version_id = $1 limit 1`, [v.versionId]);
    expect(rows[0]).toEqual({ day: t.clock.now().toISOString().slice(0, 10) });
  });

  it('refuses a download where the version is not offered, by the device\'s country first, in the caller\'s language, and counts nothing', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    // Offered in China and Germany: a device declaring the US is refused, whatever its language says.
    const refused = await download(v.versionId, { 'accept-language': 'de-DE', 'x-lang': 'ru' }, { deviceId: 'd1', country: 'us' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().ret).toEqual({ code: 100451, msg: 'Это приложение недоступно в вашей стране или регионе' });
    expect((await download(v.versionId, { 'accept-language': 'en-US' }, {})).statusCode).toBe(403);
    // A declared country in the list wins over a language from elsewhere; one nobody can tell is served.
    expect((await download(v.versionId, { 'accept-language': 'en-US' }, { deviceId: 'd2', country: 'de' })).statusCode).toBe(200);
    expect((await download(v.versionId, { 'accept-language': 'en' }, {})).statusCode).toBe(200);
    expect(await counts(v.versionId)).toEqual([{ country: 'DE', n: 1 }, { country: 'ZZ', n: 1 }]);
    // The store page says so instead of offering a link the server would refuse.
    const store = (headers: Record<string, string>, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: buildPath(versionApi.storeApp, { appId: app.appId }), headers, query });
    expect((await store({ 'accept-language': 'en-US' })).json().app.offeredHere).toBe(false);
    expect((await store({ 'accept-language': 'en-US' }, { country: 'cn' })).json().app.offeredHere).toBe(true);
    expect((await store({ 'accept-language': 'de-DE' })).json().app.offeredHere).toBe(true);
    expect((await store({})).json().app.offeredHere).toBe(true);
    // What the page needs to say how the app is installed: this one is an APK.
    expect((await store({})).json().app.packageKind).toBe('apk');
  });

  it('serves only the version on shelf now', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v1 = await released(t, u, op, app.appId, 10);
    await released(t, u, op, app.appId, 11);
    expect((await download(v1.versionId)).statusCode).toBe(404);
    expect((await download('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('reads the country from Accept-Language', () => {
    expect(countryOfAcceptLanguage('de-AT,de;q=0.9')).toBe('AT');
    expect(countryOfAcceptLanguage('zh-Hans-CN')).toBe('CN');
    expect(countryOfAcceptLanguage('en, fr-BE;q=0.5')).toBe('BE');
    expect(countryOfAcceptLanguage('es-419')).toBeNull();
    expect(countryOfAcceptLanguage('*')).toBeNull();
    expect(countryOfAcceptLanguage(undefined)).toBeNull();
  });
});
