import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { teamWithCustomMember, teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(1024 * 1024) } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const put = (url: string, bytes: Buffer) => t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });

describe('signed upload URLs', () => {
  it('hands out a URL that takes the bytes once, without a session', async () => {
    const res = await u.call(fileApi.uploadUrl, { body: { fileName: 'promo.mp4', contentType: 'video/mp4' } });
    expect(res.statusCode).toBe(200);
    const { url, method, headers, expiresAt } = res.json();
    expect(method).toBe('PUT');
    expect(headers['Content-Type']).toBe('application/octet-stream');
    expect(new Date(expiresAt).getTime()).toBe(t.clock.now().getTime() + 3600_000);
    const bytes = sampleBytes('mp4', 50_000);
    const done = await put(url, bytes);
    expect(done.statusCode).toBe(200);
    expect(done.json().object).toMatchObject({ fileName: 'promo.mp4', bizTag: 'video', size: 50_000, sha256: sha(bytes) });
    expect((await put(url, bytes)).statusCode).toBe(409);
    const { urlsInfo } = (await u.call(fileApi.downloadObjectsUrl, { body: { objectIds: [done.json().object.objectId] } })).json();
    expect((await t.app.inject({ url: urlsInfo[0].url })).rawPayload.equals(bytes)).toBe(true);
  });

  it('refuses a forged, altered or expired URL with 403', async () => {
    const { url } = (await u.call(fileApi.uploadUrl, { body: { fileName: 'a.bin', expiresInSeconds: 60 } })).json();
    // Flip the signature's first character to one it is not, so the forgery never matches by chance.
    const forged = url.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await put(forged, Buffer.from('x'))).statusCode).toBe(403);
    expect((await put(url.replace(/expires=\d+/, (m: string) => `expires=${Number(m.slice(8)) + 1000}`), Buffer.from('x'))).statusCode).toBe(403);
    t.clock.advance(61_000);
    const late = await put(url, Buffer.from('x'));
    expect(late.statusCode).toBe(403);
    expect(late.json().ret.msg).toBe('The upload link is invalid or has expired');
  });

  it('bounds the bytes by the declared size and keeps nothing of a refused upload', async () => {
    const { url } = (await u.call(fileApi.uploadUrl, { body: { fileName: 'small.bin', size: 10 } })).json();
    expect((await put(url, Buffer.alloc(11))).statusCode).toBe(413);
    // A refused upload leaves the URL usable for the right bytes.
    expect((await put(url, Buffer.alloc(10))).statusCode).toBe(200);
    const over = await u.call(fileApi.uploadUrl, { body: { fileName: 'big.bin', size: 2 * 1024 * 1024 } });
    expect(over.statusCode).toBe(413);
  });

  it('v2 URLs accept only the declared size and SHA-256', async () => {
    const bytes = randomBytes(1000);
    const { url } = (await u.call(fileApi.uploadUrlV2, { body: { fileName: 'exact.zip', size: 1000, sha256: sha(bytes) } })).json();
    const wrong = await put(url, randomBytes(1000));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ret.msg).toContain('SHA-256');
    const short = await put(url, bytes.subarray(0, 999));
    expect(short.statusCode).toBe(400);
    expect(short.json().ret.msg).toBe('The file must be 1000 bytes; got 999');
    const ok = await put(url, bytes);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().object).toMatchObject({ bizTag: 'zip', sha256: sha(bytes) });
    expect((await u.call(fileApi.uploadUrlV2, { body: { fileName: 'x.zip', size: 1, sha256: 'nothex' } })).json().ret.msg).toContain('sha256');
  });

  it('hands out several URLs at once, each for its own file', async () => {
    const res = await u.call(fileApi.uploadObjectsUrl, { body: { objects: [{ fileName: 'a.png', contentType: 'image/png' }, { fileName: 'b.apk' }], zoneId: 7 } });
    expect(res.statusCode).toBe(200);
    const { urlsInfo } = res.json();
    expect(urlsInfo.map((x: { fileName: string }) => x.fileName)).toEqual(['a.png', 'b.apk']);
    expect(new Set(urlsInfo.map((x: { url: string }) => x.url)).size).toBe(2);
    expect((await put(urlsInfo[0].url, sampleBytes('png'))).json().object.bizTag).toBe('img');
    expect((await u.call(fileApi.uploadObjectsUrl, { body: { objects: [] } })).statusCode).toBe(400);
    expect((await u.call(fileApi.uploadObjectsUrl, { body: { objects: [{ fileName: '../x' }] } })).json().ret.msg).toContain('fileName');
  });

  it('refuses a bad zone and a role without upload permission', async () => {
    const bad = await u.call(fileApi.uploadUrl, { body: { fileName: 'a.bin', zoneId: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('zoneId');
    const { member } = await teamWithMember(t, ['finance']);
    expect((await member.call(fileApi.uploadUrl, { body: { fileName: 'a.bin' } })).statusCode).toBe(403);
  });
});

describe('several download URLs', () => {
  it('answers urlsInfo for the team files and errorObjects for the rest', async () => {
    const mine = (await u.call(fileApi.uploadObject, { query: { fileName: 'a.txt' }, raw: Buffer.from('hello') })).json().object;
    const other = await TestUser.register(t);
    const theirs = (await other.call(fileApi.uploadObject, { query: { fileName: 'b.txt' }, raw: Buffer.from('secret') })).json().object;
    const res = await u.call(fileApi.downloadObjectsUrl, { body: { objectIds: [mine.objectId, theirs.objectId], expiresInSeconds: 120 } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.urlsInfo).toHaveLength(1);
    expect(body.urlsInfo[0]).toMatchObject({ objectId: mine.objectId, fileName: 'a.txt', size: 5 });
    expect(body.errorObjects).toEqual([{ objectId: theirs.objectId, reason: 'not found' }]);
    expect(JSON.stringify(body)).not.toContain('b.txt');
    expect((await t.app.inject({ url: body.urlsInfo[0].url })).body).toBe('hello');
    expect((await u.call(fileApi.downloadObjectsUrl, { body: { objectIds: ['nope'] } })).statusCode).toBe(400);
  });
});

describe('usage per route and site', () => {
  it('counts ready files by upload route and site from the stored rows', async () => {
    const me = await TestUser.register(t, { countryCode: 'RU' });
    await me.call(fileApi.uploadObject, { query: { fileName: 'a.apk' }, raw: sampleBytes('zip', 100) });
    await me.call(fileApi.uploadObject, { query: { fileName: 'b.apk' }, raw: sampleBytes('zip', 50) });
    await me.call(fileApi.uploadObject, { query: { fileName: 'c.png', contentType: 'image/png' }, raw: sampleBytes('png', 77) });
    const { url } = (await me.call(fileApi.uploadUrl, { body: { fileName: 'd.png', contentType: 'image/png', zoneId: 7 } })).json();
    await put(url, sampleBytes('png', 73));
    // An unused URL stores nothing and counts for nothing.
    await me.call(fileApi.uploadUrl, { body: { fileName: 'e.png', contentType: 'image/png' } });
    const res = await me.call(fileApi.usageRouteSite);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      { route: 'uploadApk', bizTag: 'apk', siteId: 8, zone: 'russia', objects: 2, bytes: 150 },
      { route: 'uploadImg', bizTag: 'img', siteId: 7, zone: 'europe', objects: 1, bytes: 73 },
      { route: 'uploadImg', bizTag: 'img', siteId: 8, zone: 'russia', objects: 1, bytes: 77 },
    ]);
    expect(res.json().total).toEqual({ objects: 4, bytes: 300 });
    expect((await me.call(fileApi.usageRouteSite, { query: { zoneId: 7 } })).json().total).toEqual({ objects: 1, bytes: 73 });
    expect((await me.call(fileApi.usageRouteSite, { query: { zoneId: 'x' } })).statusCode).toBe(400);
    // Another team sees only its own.
    const other = await TestUser.register(t);
    expect((await other.call(fileApi.usageRouteSite)).json().total).toEqual({ objects: 0, bytes: 0 });
  });

  it('needs app.read', async () => {
    const { member } = await teamWithCustomMember(t, ['team.read']);
    expect((await member.call(fileApi.usageRouteSite)).statusCode).toBe(403);
  });
});
