import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RET_CODES, storageApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { storageOf } from '../services';
import { storageProject } from './helpers';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { STORAGE_PROJECT_QUOTA_MB: '1' } });
  u = await TestUser.register(t);
});
afterAll(() => t.close());

const upload = (p: { projectId: string; bucket: string }, name: string, bytes: Buffer, contentType?: string) =>
  u.call(api.uploadObject, { query: { projectId: p.projectId, bucket: p.bucket, name, ...(contentType ? { contentType } : {}) }, raw: bytes });

describe('Cloud Storage in the console', () => {
  it('turns on with a default bucket locked to each user’s folder, once', async () => {
    const p = await storageProject(u);
    const service = (await u.call(api.getStorageService, { query: { projectId: p.projectId } })).json();
    expect(service).toMatchObject({ enabled: true, quotaBytes: 1024 * 1024, usedBytes: 0, buckets: [{ name: p.bucket, isDefault: true, objects: 0 }] });
    expect(service.deviceBase).toMatch(/^http:\/\/usercontent\.localhost:\d+\/storage\/v0$/);
    const again = await u.call(api.enableStorageService, { query: { projectId: p.projectId }, headers: { 'x-lang': 'ru' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toContain('уже включено');
    const rules = (await u.call(api.getBucketRules, { query: { projectId: p.projectId, bucket: p.bucket } })).json().rules;
    expect(rules[0].match).toBe('/users/{uid}/{rest=**}');
  });

  it('makes buckets with names unique on the deployment, and deletes only empty ones', async () => {
    const p = await storageProject(u);
    const name = `photos-${randomBytes(3).toString('hex')}`;
    expect((await u.call(api.createBucket, { query: { projectId: p.projectId }, body: { name } })).statusCode).toBe(200);
    const other = await storageProject(u);
    const taken = await u.call(api.createBucket, { query: { projectId: other.projectId }, body: { name } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().ret.msg).toContain(name);
    const bad = await u.call(api.createBucket, { query: { projectId: p.projectId }, body: { name: 'Bad_Name' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'name', reason: 'bucketName' });
    // Another project's bucket is not found from here.
    expect((await u.call(api.listObjects, { query: { projectId: other.projectId, bucket: name } })).statusCode).toBe(404);
    await upload({ projectId: p.projectId, bucket: name }, 'a.txt', Buffer.from('x'));
    const full = await u.call(api.deleteBucket, { query: { projectId: p.projectId, bucket: name } });
    expect(full.statusCode).toBe(409);
    expect((await u.call(api.deleteBucket, { query: { projectId: p.projectId, bucket: p.bucket } })).statusCode).toBe(409);
    await u.call(api.deleteObjects, { query: { projectId: p.projectId, bucket: name }, body: { names: ['a.txt'] } });
    expect((await u.call(api.deleteBucket, { query: { projectId: p.projectId, bucket: name } })).statusCode).toBe(200);
  });

  it('lists a folder’s sub-folders once and its files by name, a page at a time', async () => {
    const p = await storageProject(u);
    for (const name of ['b.txt', 'a/1.txt', 'a/2.txt', 'a/deep/3.txt', 'c/1.txt', 'd.txt', 'a0.txt']) await upload(p, name, Buffer.from(name), 'text/plain');
    const list = (prefix: string, pageSize: number, cursor?: string) => u.call(api.listObjects, { query: { projectId: p.projectId, bucket: p.bucket, prefix, pageSize, ...(cursor ? { cursor } : {}) } }).then((r) => r.json());
    const all = await list('', 100);
    expect(all.folders).toEqual(['a/', 'c/']);
    expect(all.objects.map((o: { name: string }) => o.name)).toEqual(['a0.txt', 'b.txt', 'd.txt']);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await list('', 2, cursor);
      seen.push(...page.folders, ...page.objects.map((o: { name: string }) => o.name));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(['a/', 'a0.txt', 'b.txt', 'c/', 'd.txt']);
    const inA = await list('a/', 100);
    expect(inA.folders).toEqual(['a/deep/']);
    expect(inA.objects.map((o: { name: string }) => o.name)).toEqual(['a/1.txt', 'a/2.txt']);
    const badPrefix = await u.call(api.listObjects, { query: { projectId: p.projectId, bucket: p.bucket, prefix: '../' } });
    expect(badPrefix.statusCode).toBe(400);
    const deleted = (await u.call(api.deleteObjects, { query: { projectId: p.projectId, bucket: p.bucket }, body: { folders: ['a/'] } })).json();
    expect(deleted).toMatchObject({ deleted: 3, more: false });
    expect((await list('', 100)).folders).toEqual(['c/']);
  });

  it('signs links that download the exact bytes until they expire, and counts the downloads', async () => {
    const p = await storageProject(u);
    const bytes = randomBytes(50_000);
    const up = await upload(p, 'docs/report.pdf', bytes, 'application/pdf');
    expect(up.json().object).toMatchObject({ name: 'docs/report.pdf', size: bytes.length, contentType: 'application/pdf', generation: 1 });
    const { url } = (await u.call(api.signObjectUrl, { query: { projectId: p.projectId, bucket: p.bucket, name: 'docs/report.pdf' }, body: { expiresInSeconds: 600 } })).json();
    const path = new URL(url).pathname + new URL(url).search;
    const got = await t.deps.userContent.app.inject({ url: path });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    // Not on the console's origin.
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    const forged = await t.deps.userContent.app.inject({ url: path.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    t.clock.advance(601_000);
    expect((await t.deps.userContent.app.inject({ url: path })).statusCode).toBe(403);
    await u.login();
    await storageOf(t.deps).s.meter.flush(t.deps.db);
    const usage = (await u.call(api.getStorageUsage, { query: { projectId: p.projectId, bucket: p.bucket, days: 7 } })).json().days;
    expect(usage).toHaveLength(7);
    expect(usage.reduce((n: number, d: { downloads: number }) => n + d.downloads, 0)).toBe(1);
    expect(usage.reduce((n: number, d: { uploadBytes: number }) => n + d.uploadBytes, 0)).toBe(bytes.length);
  });

  it('keeps the project within its quota and writes nothing half when refused', async () => {
    const p = await storageProject(u);
    expect((await upload(p, 'one.bin', randomBytes(600 * 1024))).statusCode).toBe(200);
    const over = await upload(p, 'two.bin', randomBytes(600 * 1024));
    expect(over.statusCode).toBe(413);
    expect(over.json().ret.code).toBe(RET_CODES.tooLarge.code);
    expect(over.json().ret.msg).toMatch(/quota/);
    const service = (await u.call(api.getStorageService, { query: { projectId: p.projectId } })).json();
    expect(service.usedBytes).toBe(600 * 1024);
    expect(service.buckets[0].objects).toBe(1);
    const keys: string[] = [];
    for await (const k of t.deps.storage.list(`storage/${p.projectId}/`)) keys.push(k);
    expect(keys).toHaveLength(1);
    // Replacing a file counts its old size as free.
    expect((await upload(p, 'one.bin', randomBytes(700 * 1024))).json().object.generation).toBe(2);
  });

  it('checks rules before saving them, and tests cases against them', async () => {
    const p = await storageProject(u);
    const q = { projectId: p.projectId, bucket: p.bucket };
    const bad = await u.call(api.putBucketRules, { query: q, body: { rules: [{ match: '/a/{f}', read: 'request.size > 1' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('Rule 1, read');
    const rules = [{ match: '/public/{file=**}', read: 'true', write: "auth != null && request.size < 1000 && request.contentGroup == 'image'" }];
    expect((await u.call(api.putBucketRules, { query: q, body: { rules } })).statusCode).toBe(200);
    const tested = (
      await u.call(api.testBucketRules, {
        query: q,
        body: { cases: [{ operation: 'write', path: 'public/a.png', auth: { uid: 'x', anonymous: true }, request: { size: 10, contentType: 'image/png' }, expect: true }, { operation: 'write', path: 'public/a.png', auth: null, request: { size: 10, contentType: 'image/png' }, expect: true }] },
      })
    ).json();
    expect(tested.results).toEqual([{ allowed: true, rule: 0, passed: true }, { allowed: false, rule: null, passed: false }]);
  });

  it('changes a file’s metadata and keeps CORS rules', async () => {
    const p = await storageProject(u);
    await upload(p, 'x.txt', Buffer.from('x'));
    const changed = await u.call(api.updateObjectMetadata, { query: { projectId: p.projectId, bucket: p.bucket, name: 'x.txt' }, body: { contentType: 'text/plain', cacheControl: 'public, max-age=60', metadata: { kind: 'note' } } });
    expect(changed.json().object).toMatchObject({ contentType: 'text/plain', cacheControl: 'public, max-age=60', metadata: { kind: 'note' } });
    const cors = [{ origins: ['https://app.example.com'], methods: ['GET', 'PUT'], headers: [], exposeHeaders: [], maxAgeSeconds: 600 }];
    expect((await u.call(api.putBucketCors, { query: { projectId: p.projectId, bucket: p.bucket }, body: { cors } })).json().cors).toEqual(cors);
    const badOrigin = await u.call(api.putBucketCors, { query: { projectId: p.projectId, bucket: p.bucket }, body: { cors: [{ origins: ['https://a.com/path'], methods: ['GET'] }] } });
    expect(badOrigin.statusCode).toBe(400);
  });
});
