import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { LocalStorage, ObjectNotFoundError, ObjectTooLargeError, S3Storage, type ObjectStorage } from '../storage';

/**
 * The behaviour every store must have, run against the local directory and against an
 * S3-protocol server on loopback (s3rver), so the S3 adapter is tested on the wire.
 */
let dir: string;
let s3rver: S3rver;
const stores: Record<string, ObjectStorage> = {};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-stores-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3'), configureBuckets: [{ name: 'wharf', configs: [] }] });
  const { port } = await s3rver.run();
  stores.local = new LocalStorage(path.join(dir, 'local'));
  stores.s3 = new S3Storage({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', bucket: 'wharf', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
});
afterAll(async () => {
  (stores.s3 as S3Storage).destroy();
  await s3rver.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function chunks(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(65536, total - sent);
      this.push(randomBytes(n));
      sent += n;
    },
  });
}

describe.each(['local', 's3'])('%s storage', (name) => {
  it('round-trips bytes with size and sha256, whole and by range', async () => {
    const s = stores[name]!;
    const data = randomBytes(300_000);
    expect(await s.put('apps/a/pkg.bin', Readable.from([data]))).toEqual({ size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    expect((await buffer(await s.get('apps/a/pkg.bin'))).equals(data)).toBe(true);
    expect((await buffer(await s.get('apps/a/pkg.bin', { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
    expect(await s.stat('apps/a/pkg.bin')).toEqual({ size: data.length });
  });

  it('streams a body of unknown length larger than one multipart part', async () => {
    const stored = await stores[name]!.put('big/object.bin', chunks(9 * 1024 * 1024));
    expect(stored.size).toBe(9 * 1024 * 1024);
    expect(await stores[name]!.stat('big/object.bin')).toEqual({ size: 9 * 1024 * 1024 });
  });

  it('shows an object only once what it waits for has happened, and keeps nothing when that fails', async () => {
    const s = stores[name]!;
    const data = randomBytes(200_000);
    let allow!: () => void;
    const landAfter = new Promise<void>((resolve) => (allow = resolve));
    const putting = s.put('waits/landed.bin', Readable.from([data]), { landAfter });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await s.stat('waits/landed.bin')).toBeNull();
    allow();
    expect((await putting).size).toBe(data.length);
    expect((await buffer(await s.get('waits/landed.bin'))).equals(data)).toBe(true);

    const refused = new Error('the row was refused');
    const refusing = Promise.reject(refused);
    refusing.catch(() => undefined); // a caller observes it too (files' upload does)
    await expect(s.put('waits/refused.bin', Readable.from([data]), { landAfter: refusing })).rejects.toBe(refused);
    expect(await s.stat('waits/refused.bin')).toBeNull();
    if (name === 'local') expect(await fs.readdir(path.join(dir, 'local', '.tmp'))).toEqual([]);
  });

  it('refuses past maxBytes and keeps nothing', async () => {
    await expect(stores[name]!.put('too/big.bin', chunks(200_000), { maxBytes: 100_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await stores[name]!.stat('too/big.bin')).toBeNull();
  });

  it('rejects with the very error that failed the body (a refused upload keeps its reason), keeping nothing', async () => {
    const refusal = new Error('not an image');
    const body = new Readable({
      read() {
        this.destroy(refusal);
      },
    });
    await expect(stores[name]!.put('refused/by/check.bin', body)).rejects.toBe(refusal);
    expect(await stores[name]!.stat('refused/by/check.bin')).toBeNull();
  });

  it('reports missing objects and deletes, lists by prefix', async () => {
    const s = stores[name]!;
    await expect(s.get('nope/x')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await s.stat('nope/x')).toBeNull();
    await s.put('list/1', Readable.from([Buffer.from('1')]));
    await s.put('list/2', Readable.from([Buffer.from('2')]));
    const keys: string[] = [];
    for await (const k of s.list('list/')) keys.push(k);
    expect(keys.sort()).toEqual(['list/1', 'list/2']);
    expect(await s.delete('list/1')).toBe(true);
    expect(await s.delete('list/1')).toBe(false);
  });

  it('refuses keys that could escape', async () => {
    await expect(stores[name]!.put('../x', Readable.from([Buffer.from('x')]))).rejects.toThrow(/invalid storage key/);
  });
});
