import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileApi, MULTIPART_PART_BYTES } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { parseRange } from '../../../platform/http/range';
import { teamWithMember } from '../../../harness/scenarios';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(3 * MULTIPART_PART_BYTES) } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function upload(bytes: Buffer, fileName = 'notes.bin', contentType = 'application/octet-stream', user = u) {
  return user.call(fileApi.uploadObject, { query: { fileName, contentType }, raw: bytes });
}

async function fetchSigned(objectId: string, headers: Record<string, string> = {}) {
  const { url } = (await u.call(fileApi.downloadUrl, { body: { objectId } })).json();
  return t.app.inject({ url, headers });
}

describe('uploading', () => {
  it('stores the body, computes sha256 and tags it from its type', async () => {
    const bytes = sampleBytes('zip', 200_000);
    const res = await upload(bytes, 'app.apk', 'application/vnd.android.package-archive');
    expect(res.statusCode).toBe(200);
    expect(res.json().object).toMatchObject({ fileName: 'app.apk', size: 200_000, sha256: sha(bytes), bizTag: 'apk' });
    expect((await upload(sampleBytes('png'), 'icon.png', 'image/png')).json().object.bizTag).toBe('img');
    expect((await upload(randomBytes(1000))).json().object.bizTag).toBe('file');
  });

  it('refuses a file over the limit with 413 and keeps nothing', async () => {
    const res = await upload(sampleBytes('zip', 3 * MULTIPART_PART_BYTES + 1), 'app.apk');
    expect(res.statusCode).toBe(413);
    expect(res.json().ret.code).toBe(100413);
    const rows = (await t.deps.database.executeSql(`select count(*)::int as n from files where size = 0`, [])).rows[0] as { n: number };
    expect(rows.n).toBe(0);
  });

  it('refuses a file that is not what it is uploaded as, from its first bytes, in the caller language, keeping nothing', async () => {
    const before = (await t.deps.database.executeSql(`select count(*)::int as n from files`, [])).rows[0] as { n: number };
    const asImage = await u.call(fileApi.uploadObject, { query: { fileName: 'icon.png', contentType: 'image/png', bizTag: 'img' }, raw: Buffer.from('just some text'), headers: { 'x-lang': 'en' } });
    expect([asImage.statusCode, asImage.json().ret.code]).toEqual([400, 100400]);
    expect(asImage.json().ret.msg).toBe('This file is not an image (PNG, JPEG or WebP)');
    // Random bytes named .apk, larger than the sample the check reads: refused all the same.
    const asPackage = await u.call(fileApi.uploadObject, { query: { fileName: 'app.apk', contentType: 'application/octet-stream' }, raw: randomBytes(200_000), headers: { 'x-lang': 'zh' } });
    expect(asPackage.statusCode).toBe(400);
    expect(asPackage.json().ret.msg).toContain('不是应用软件包');
    const pngAsVideo = await upload(sampleBytes('png'), 'trailer.mp4', 'video/mp4');
    expect(pngAsVideo.statusCode).toBe(400);
    const after = (await t.deps.database.executeSql(`select count(*)::int as n from files`, [])).rows[0] as { n: number };
    expect(after.n).toBe(before.n);
    // An expansion file is any bytes; a Windows program is a package; a video is a video.
    expect((await upload(randomBytes(5000), 'main.1.com.example.obb')).statusCode).toBe(200);
    expect((await upload(Buffer.concat([Buffer.from('MZ'), randomBytes(5000)]), 'setup.exe')).statusCode).toBe(200);
    expect((await upload(sampleBytes('mp4', 5000), 'trailer.mp4', 'video/mp4')).statusCode).toBe(200);
  });

  it('refuses a multipart upload at its first part when that does not begin as a package', async () => {
    const init = (await u.call(fileApi.multipartInit, { body: { fileName: 'big.aab', size: 2 * MULTIPART_PART_BYTES } })).json();
    const first = await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 1 }, raw: randomBytes(MULTIPART_PART_BYTES), headers: { 'x-lang': 'en' } });
    expect(first.statusCode).toBe(400);
    expect(first.json().ret.msg).toContain('not an app package');
    expect((await u.call(fileApi.multipartParts, { query: { uploadId: init.uploadId } })).json().parts).toEqual([]);
  });

  it('refuses a JSON body on the upload call', async () => {
    const res = await u.call(fileApi.uploadObject, { query: { fileName: 'a.txt' }, body: { not: 'bytes' } });
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file name with a path in it', async () => {
    const res = await upload(Buffer.from('x'), '../../etc/passwd');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ in: 'query', field: 'fileName', rule: 'invalid', reason: 'fileName' })]);
    expect(res.json().ret.msg).toBe('Invalid input: fileName: a file name without slashes');
  });
});

describe('downloading', () => {
  it('serves the exact bytes by signed URL, whole and by range', async () => {
    const bytes = randomBytes(100_000);
    const { objectId } = (await upload(bytes)).json().object;
    const whole = await fetchSigned(objectId);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBe(`"${sha(bytes)}"`);
    const part = await fetchSigned(objectId, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/100000');
    expect(part.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await fetchSigned(objectId, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(bytes.subarray(99_995))).toBe(true);
    const bad = await fetchSigned(objectId, { range: 'bytes=200000-' });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */100000');
  });

  it('refuses a forged or expired link', async () => {
    const { objectId } = (await upload(Buffer.from('secret'))).json().object;
    const { url } = (await u.call(fileApi.downloadUrl, { body: { objectId, expiresInSeconds: 60 } })).json();
    const forged = url.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`);
    expect((await t.app.inject({ url: forged })).statusCode).toBe(403);
    const extended = url.replace(/expires=\d+/, `expires=${Date.now() + 10 ** 9}`);
    expect((await t.app.inject({ url: extended })).statusCode).toBe(403);
    t.clock.advance(61_000);
    expect((await t.app.inject({ url })).statusCode).toBe(403);
    await u.login();
  });

  it('gives no download link for another team\'s file', async () => {
    const { objectId } = (await upload(Buffer.from('mine'))).json().object;
    const other = await TestUser.register(t);
    expect((await other.call(fileApi.downloadUrl, { body: { objectId } })).statusCode).toBe(404);
    expect((await other.call(fileApi.deleteObjects, { body: { objectIds: [objectId] } })).json()).toMatchObject({ deletedObjects: [], errorObjects: [{ objectId }] });
  });

  it('deletes files: the link stops working', async () => {
    const { objectId } = (await upload(Buffer.from('bye'))).json().object;
    const { url } = (await u.call(fileApi.downloadUrl, { body: { objectId } })).json();
    expect((await u.call(fileApi.deleteObjects, { body: { objectIds: [objectId] } })).json().deletedObjects).toEqual([objectId]);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
  });
});

describe('multipart uploads', () => {
  it('takes parts in any order, resumes after a lost part, and composes the exact file', async () => {
    const bytes = sampleBytes('zip', 2 * MULTIPART_PART_BYTES + 12_345);
    const init = (await u.call(fileApi.multipartInit, { body: { fileName: 'big.aab', size: bytes.length } })).json();
    expect(init).toMatchObject({ partSize: MULTIPART_PART_BYTES, partCount: 3 });
    const part = (n: number) => bytes.subarray((n - 1) * MULTIPART_PART_BYTES, n * MULTIPART_PART_BYTES);
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 3 }, raw: part(3) })).statusCode).toBe(200);
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 1 }, raw: part(1) })).statusCode).toBe(200);
    // The connection dropped during part 2: the client asks what arrived and sends the rest.
    const early = await u.call(fileApi.multipartCompose, { body: { uploadId: init.uploadId } });
    expect(early.statusCode).toBe(409);
    expect(early.json().ret.msg).toContain('part 2');
    const have = (await u.call(fileApi.multipartParts, { query: { uploadId: init.uploadId } })).json();
    expect(have.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 3]);
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 2 }, raw: part(2).subarray(0, 1000) })).statusCode).toBe(400);
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 2 }, raw: part(2) })).statusCode).toBe(200);
    const composed = (await u.call(fileApi.multipartCompose, { body: { uploadId: init.uploadId } })).json().object;
    expect(composed).toMatchObject({ size: bytes.length, sha256: sha(bytes), bizTag: 'apk' });
    expect((await fetchSigned(composed.objectId)).rawPayload.equals(bytes)).toBe(true);
    expect((await u.call(fileApi.multipartParts, { query: { uploadId: init.uploadId } })).statusCode).toBe(404);
    const leftovers: string[] = [];
    for await (const k of t.deps.storage.list(`multipart/${init.uploadId}/`)) leftovers.push(k);
    expect(leftovers).toEqual([]);
  });

  it('refuses a declared size over the limit and part numbers past the end', async () => {
    expect((await u.call(fileApi.multipartInit, { body: { fileName: 'x.bin', size: 3 * MULTIPART_PART_BYTES + 1 } })).statusCode).toBe(413);
    const init = (await u.call(fileApi.multipartInit, { body: { fileName: 'x.bin', size: 10 } })).json();
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 2 }, raw: Buffer.alloc(10) })).statusCode).toBe(400);
    expect((await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 1 }, raw: Buffer.alloc(11) })).statusCode).toBe(413);
  });

  it('aborts an upload and forgets it; another team cannot see it', async () => {
    const init = (await u.call(fileApi.multipartInit, { body: { fileName: 'x.bin', size: 10 } })).json();
    await u.call(fileApi.multipartPart, { query: { uploadId: init.uploadId, partNumber: 1 }, raw: Buffer.alloc(10) });
    const other = await TestUser.register(t);
    expect((await other.call(fileApi.multipartParts, { query: { uploadId: init.uploadId } })).statusCode).toBe(404);
    expect((await u.call(fileApi.multipartAbort, { body: { uploadId: init.uploadId } })).statusCode).toBe(200);
    expect((await u.call(fileApi.multipartCompose, { body: { uploadId: init.uploadId } })).statusCode).toBe(404);
  });

  it('lets Finance, who uploads nothing, not start one', async () => {
    const { member } = await teamWithMember(t, ['finance']);
    expect((await member.call(fileApi.multipartInit, { body: { fileName: 'x.bin', size: 10 } })).statusCode).toBe(403);
  });
});

describe('range parsing', () => {
  it('follows RFC 9110 for one range', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=5-', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ kind: 'partial', start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=6-5', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,3-4', 10)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 10)).toEqual({ kind: 'full' });
  });
});
