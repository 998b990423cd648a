import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage, ObjectNotFoundError, ObjectTooLargeError } from '../storage';
import { READ_CHUNKS, readChunkBytes } from '../storage/local';

let root: string;
let storage: LocalStorage;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-storage-'));
  storage = new LocalStorage(root);
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

function chunks(total: number, size = 65536): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(size, total - sent);
      this.push(Buffer.alloc(n, sent % 251));
      sent += n;
    },
  });
}

describe('local storage', () => {
  it('stores a stream and reports its size and sha256', async () => {
    const data = Buffer.from('hello wharf');
    const stored = await storage.put('apps/1/pkg.apk', Readable.from([data]));
    expect(stored).toEqual({ size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    expect((await buffer(await storage.get('apps/1/pkg.apk'))).toString()).toBe('hello wharf');
    expect(await storage.stat('apps/1/pkg.apk')).toEqual({ size: data.length });
  });

  it('reads a byte range, end inclusive', async () => {
    await storage.put('r.bin', Readable.from([Buffer.from('0123456789')]));
    expect((await buffer(await storage.get('r.bin', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('refuses past maxBytes and keeps nothing, not even a temp file', async () => {
    await expect(storage.put('big.bin', chunks(300_000), { maxBytes: 200_000 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.stat('big.bin')).toBeNull();
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps the old object when a replacement fails halfway', async () => {
    await storage.put('k.bin', Readable.from([Buffer.from('old')]));
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection dropped'));
      },
    });
    await expect(storage.put('k.bin', failing)).rejects.toThrow('connection dropped');
    expect((await buffer(await storage.get('k.bin'))).toString()).toBe('old');
  });

  it('answers a missing object with a typed error', async () => {
    await expect(storage.get('nope')).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await storage.delete('nope')).toBe(false);
  });

  it('refuses keys that could escape the root', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '', 'a/./b', 'sp ace']) {
      await expect(storage.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/invalid storage key/);
    }
  });

  it('lists by prefix and deletes', async () => {
    await storage.put('a/1', Readable.from([Buffer.from('1')]));
    await storage.put('a/2', Readable.from([Buffer.from('2')]));
    await storage.put('b/1', Readable.from([Buffer.from('3')]));
    const keys: string[] = [];
    for await (const k of storage.list('a/')) keys.push(k);
    expect(keys).toEqual(['a/1', 'a/2']);
    expect(await storage.delete('a/1')).toBe(true);
    expect(await storage.stat('a/1')).toBeNull();
  });

  it('makes its directories once, and again when they were removed from outside', async () => {
    await storage.put('teams/1/a', Readable.from([Buffer.from('a')]));
    await fs.rm(path.join(root, '.tmp'), { recursive: true });
    await fs.rm(path.join(root, 'objects', 'teams'), { recursive: true });
    await storage.put('teams/1/b', Readable.from([Buffer.from('b')]));
    expect((await buffer(await storage.get('teams/1/b'))).toString()).toBe('b');
    await expect(storage.get('teams/1/a')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await fs.rm(path.join(root, 'objects', 'teams', '1'), { recursive: true });
    await storage.put('teams/1/c', Readable.from([Buffer.from('c')]));
    expect((await buffer(await storage.get('teams/1/c'))).toString()).toBe('c');
  });

  it('sweeps temp files left by interrupted writes', async () => {
    await fs.mkdir(path.join(root, '.tmp'), { recursive: true });
    await fs.writeFile(path.join(root, '.tmp', 'leftover'), 'x');
    expect(await storage.sweepTemp(60_000, Date.now())).toBe(0);
    expect(await storage.sweepTemp(60_000, Date.now() + 120_000)).toBe(1);
  });

  it('streams a large object without holding it in memory', async () => {
    const before = process.memoryUsage().rss;
    const stored = await storage.put('large.bin', chunks(64 * 1024 * 1024));
    expect(stored.size).toBe(64 * 1024 * 1024);
    // Not a speed assertion: a buffered write would add the whole 64 MiB to the heap.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });
});

describe('reads of stored objects share a budget', () => {
  it('read 1 MiB at a time while few read, less as more do, never under 64 KiB', () => {
    expect(readChunkBytes(0)).toBe(READ_CHUNKS.most);
    expect(readChunkBytes(63)).toBe(1024 * 1024);
    expect(readChunkBytes(255)).toBe(256 * 1024);
    expect(readChunkBytes(5000)).toBe(READ_CHUNKS.least);
  });

  it('count a reader from its stream’s opening to its closing', async () => {
    await storage.put('a/one', chunks(300_000));
    const first = await storage.get('a/one');
    const second = await storage.get('a/one');
    expect(storage.reading).toBe(2);
    expect(first.readableHighWaterMark).toBe(readChunkBytes(0));
    expect((await buffer(first)).length).toBe(300_000);
    second.destroy();
    await new Promise((r) => setTimeout(r, 20));
    expect(storage.reading).toBe(0);
  });
});
