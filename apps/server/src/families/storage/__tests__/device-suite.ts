import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RET_CODES, storageApi as api } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';
import { StorageObjects } from '../objects';
import { storageOf } from '../services';
import { appUserOf, deviceOf, storageProject } from './helpers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A PNG whose header claims another size (its IHDR rewritten, with a right CRC). */
function withSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** The device protocol, on whichever object store the env names (local files or S3). */
export function deviceSuite(label: string, env: () => Promise<{ env: Record<string, string>; close?: () => Promise<void> }>) {
  let t: TestApp;
  let u: TestUser;
  let p: Awaited<ReturnType<typeof storageProject>>;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const given = await env();
    close = given.close;
    t = await createTestApp({ env: { USER_CONTENT_PORT: '0', ...given.env } });
    u = await TestUser.register(t);
    p = await storageProject(u);
  });
  afterAll(async () => {
    await t.close();
    await close?.();
  });

  describe(`Cloud Storage from devices (${label})`, () => {
    it('lets a user write their own folder only, under the default rules', async () => {
      const ada = await appUserOf(t, p.key);
      const bob = await appUserOf(t, p.key);
      const bytes = randomBytes(10_000);
      const mine = await deviceOf(t, p.bucket, ada.headers).upload(`users/${ada.id}/photo.png`, bytes, 'image/png', { 'x-object-meta-album': 'summer' });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().object).toMatchObject({ name: `users/${ada.id}/photo.png`, size: 10_000, contentType: 'image/png', owner: ada.id, metadata: { album: 'summer' } });
      const theirs = await deviceOf(t, p.bucket, bob.headers).upload(`users/${ada.id}/evil.png`, bytes, 'image/png');
      expect(theirs.statusCode).toBe(403);
      expect(theirs.json().ret.msg).toMatch(/security rules/);
      expect((await deviceOf(t, p.bucket, p.key).upload(`users/${ada.id}/k.png`, bytes)).statusCode).toBe(403);
      expect((await deviceOf(t, p.bucket, {}).upload('x.png', bytes)).statusCode).toBe(401);
      expect((await deviceOf(t, p.bucket, bob.headers).media(`users/${ada.id}/photo.png`)).statusCode).toBe(403);
      expect((await deviceOf(t, p.bucket, bob.headers).list(`users/${ada.id}/`)).statusCode).toBe(403);
      expect((await deviceOf(t, p.bucket, bob.headers).remove(`users/${ada.id}/photo.png`)).statusCode).toBe(403);
      const listed = (await deviceOf(t, p.bucket, ada.headers).list(`users/${ada.id}/`)).json();
      expect(listed.items.map((i: { name: string }) => i.name)).toEqual([`users/${ada.id}/photo.png`]);
      // Another project's app is refused at this bucket.
      const other = await storageProject(u);
      const stranger = await appUserOf(t, other.key);
      expect((await deviceOf(t, p.bucket, stranger.headers).upload(`users/${stranger.id}/a.png`, bytes)).statusCode).toBe(403);
    });

    it('downloads with ranges, validators and cache headers', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      const bytes = randomBytes(300_000);
      const name = `users/${ada.id}/movie.mp4`;
      const etag = (await d.upload(name, bytes, 'video/mp4', { 'x-object-cache-control': 'public, max-age=3600' })).json().object.etag;
      const whole = await d.media(name);
      expect(whole.rawPayload.equals(bytes)).toBe(true);
      expect(whole.headers).toMatchObject({ etag, 'cache-control': 'public, max-age=3600', 'accept-ranges': 'bytes', 'content-type': 'video/mp4' });
      expect(whole.headers['content-disposition']).toMatch(/^inline/);
      const part = await d.media(name, { range: 'bytes=1000-1999' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
      expect((await d.media(name, { range: 'bytes=400000-' })).statusCode).toBe(416);
      expect((await d.media(name, { 'if-none-match': etag })).statusCode).toBe(304);
      const meta = (await d.get(name)).json().object;
      expect(meta).toMatchObject({ bucket: p.bucket, size: bytes.length, generation: 1 });
      expect((await d.patch(name, { metadata: { title: 'Holiday' } })).json().object.metadata).toEqual({ title: 'Holiday' });
      const link = (await d.sign(name, 60)).json();
      const viaLink = await t.deps.userContent.app.inject({ url: new URL(link.url).pathname + new URL(link.url).search });
      expect(viaLink.rawPayload.equals(bytes)).toBe(true);
      expect((await d.remove(name)).statusCode).toBe(204);
      expect((await d.media(name)).statusCode).toBe(404);
    });

    it('serves the new bytes at once when another instance replaced the file it remembered', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      const name = `users/${ada.id}/note.txt`;
      await d.upload(name, Buffer.from('first'), 'text/plain');
      expect((await d.media(name)).body).toBe('first');
      // Another instance: its own objects service (and cache) over the same database and store.
      const elsewhere = new StorageObjects(t.deps);
      const bucket = (await storageOf(t.deps).s.buckets.forDevice(p.bucket))!.row;
      await elsewhere.write(bucket, name, Readable.from([Buffer.from('second, longer')]), { contentType: 'text/plain', cacheControl: null, metadata: {}, owner: ada.id });
      expect((await d.media(name)).body).toBe('second, longer');
      await elsewhere.delete(bucket, [name]);
      expect((await d.media(name)).statusCode).toBe(404);
    });

    it('serves active types as attachments, never as pages', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
      await d.upload(`users/${ada.id}/x.svg`, svg, 'image/svg+xml');
      const got = await d.media(`users/${ada.id}/x.svg`);
      expect(got.headers['content-disposition']).toMatch(/^attachment/);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain("object-src 'none'");
    });

    it('makes thumbnails of pictures on request, keeps them, and refuses decompression bombs', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } }).png().toBuffer();
      await d.upload(`users/${ada.id}/big.png`, picture, 'image/png');
      const thumb = await d.media(`users/${ada.id}/big.png`, {}, '&width=128');
      expect(thumb.statusCode, thumb.body).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 128, height: 96 });
      expect((await d.media(`users/${ada.id}/big.png`, { 'if-none-match': String(thumb.headers.etag) }, '&width=128')).statusCode).toBe(304);
      expect((await d.media(`users/${ada.id}/big.png`, {}, '&width=100')).statusCode).toBe(400);
      await d.upload(`users/${ada.id}/a.txt`, Buffer.from('text'), 'text/plain');
      expect((await d.media(`users/${ada.id}/a.txt`, {}, '&width=128')).statusCode).toBe(415);
      // A few hundred bytes that say 60,000 × 60,000 pixels.
      const bomb = withSize(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer(), 60_000, 60_000);
      await d.upload(`users/${ada.id}/bomb.png`, bomb, 'image/png');
      const refused = await d.media(`users/${ada.id}/bomb.png`, {}, '&width=256');
      expect(refused.statusCode).toBe(415);
      expect(refused.json().ret.msg).toMatch(/too many pixels/);
      // Deleting the picture lets its thumbnail go.
      const thumbs = async () => {
        const keys: string[] = [];
        for await (const k of t.deps.storage.list(`storage/${p.projectId}/`)) if (k.includes('/thumbs/')) keys.push(k);
        return keys;
      };
      expect(await thumbs()).toHaveLength(1);
      await d.remove(`users/${ada.id}/big.png`);
      expect(await thumbs()).toEqual([]);
    });

    it('refuses traversal-looking names', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      for (const name of [`users/${ada.id}/../x`, '../etc/passwd', `users/${ada.id}//x`]) {
        const res = await d.upload(name, Buffer.from('x'));
        expect(res.statusCode, name).toBe(400);
        expect(res.json().ret.code).toBe(RET_CODES.invalidInput.code);
      }
      expect((await t.deps.userContent.app.inject({ url: `${d.base}/o/%2e%2e%2Fx`, headers: ada.headers })).statusCode).toBe(400);
      expect((await t.deps.userContent.app.inject({ url: `${d.base}/o/%E0%A4%A`, headers: ada.headers })).statusCode).toBe(400);
    });

    it('answers CORS preflights and requests by the bucket’s configuration', async () => {
      const ada = await appUserOf(t, p.key);
      await u.call(api.putBucketCors, { query: { projectId: p.projectId, bucket: p.bucket }, body: { cors: [{ origins: ['https://app.example.com'], methods: ['GET', 'POST'], headers: [], exposeHeaders: [], maxAgeSeconds: 600 }] } });
      const pre = (origin: string, method = 'POST') =>
        t.deps.userContent.app.inject({ method: 'OPTIONS', url: `/storage/v0/b/${p.bucket}/o?name=x`, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, client_id, api_key, content-type' } });
      const allowed = await pre('https://app.example.com');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers).toMatchObject({ 'access-control-allow-origin': 'https://app.example.com', 'access-control-max-age': '600' });
      expect((await pre('https://evil.example.com')).statusCode).toBe(403);
      expect((await pre('https://app.example.com', 'DELETE')).statusCode).toBe(403);
      const real = await deviceOf(t, p.bucket, { ...ada.headers, origin: 'https://app.example.com' }).list(`users/${ada.id}/`);
      expect(real.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const foreign = await deviceOf(t, p.bucket, { ...ada.headers, origin: 'https://evil.example.com' }).list(`users/${ada.id}/`);
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('resumes an upload after its connection dropped, and refuses chunks out of place', async () => {
      const ada = await appUserOf(t, p.key);
      const d = deviceOf(t, p.bucket, ada.headers);
      const bytes = randomBytes(700_000);
      const name = `users/${ada.id}/big.bin`;
      const started = await d.startResumable(name, bytes.length);
      expect(started.statusCode, started.body).toBe(200);
      const url = started.json().uploadUrl as string;
      const first = await d.chunk(url, bytes.subarray(0, 300_000), `bytes 0-299999/${bytes.length}`);
      expect(first.statusCode).toBe(308);
      expect(first.headers.range).toBe('bytes=0-299999');
      expect((await d.chunk(url, bytes.subarray(400_000), `bytes 400000-699999/${bytes.length}`)).statusCode).toBe(409);
      // The next chunk's connection drops half way: nothing of it is kept.
      const base = await t.deps.userContent.listen('127.0.0.1');
      await new Promise<void>((resolve) => {
        const req = http.request(`${base.replace('usercontent.localhost', '127.0.0.1')}${new URL(url).pathname}`, {
          method: 'PUT',
          headers: { ...ada.headers, 'content-type': 'application/octet-stream', 'content-range': `bytes 300000-699999/${bytes.length}`, 'content-length': '400000' },
        });
        req.on('error', () => resolve());
        req.write(bytes.subarray(300_000, 450_000), () => setTimeout(() => (req.destroy(), resolve()), 100));
      });
      await new Promise((r) => setTimeout(r, 200));
      const status = await d.chunk(url, Buffer.alloc(0), `bytes */${bytes.length}`);
      expect(status.statusCode).toBe(308);
      expect(status.headers.range).toBe('bytes=0-299999');
      const last = await d.chunk(url, bytes.subarray(300_000), `bytes 300000-699999/${bytes.length}`);
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().object.size).toBe(bytes.length);
      expect((await d.media(name)).rawPayload.equals(bytes)).toBe(true);
      // The session is gone with its chunks.
      expect((await d.chunk(url, Buffer.alloc(0), `bytes */${bytes.length}`)).statusCode).toBe(404);
      const left: string[] = [];
      for await (const k of t.deps.storage.list('storage-uploads/')) left.push(k);
      expect(left).toEqual([]);
    });
  });
}
