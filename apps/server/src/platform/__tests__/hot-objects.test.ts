import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotObjects, type ExpectedObject } from '../storage/hot-objects';
import { LocalStorage } from '../storage/local';
import { readAllUpTo } from '../storage/read-all';

let dir: string;
let storage: LocalStorage;
let reads: string[];

async function stored(key: string, size: number): Promise<ExpectedObject & { bytes: Buffer }> {
  const bytes = randomBytes(size);
  await storage.put(key, Readable.from([bytes]));
  return { storageKey: key, size, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

const asBytes = async (body: Buffer | Readable) => (Buffer.isBuffer(body) ? body : (await readAllUpTo(body, 1 << 30))!);

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-hot-'));
  storage = new LocalStorage(dir);
  const get = storage.get.bind(storage);
  storage.get = (key, range) => {
    reads.push(key);
    return get(key, range);
  };
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('hot objects', () => {
  it('read an object from storage once, then from memory, whole or a range of it', async () => {
    reads = [];
    const hot = new HotObjects(storage, 1024 * 1024);
    const pkg = await stored('hot/a', 100_000);
    const all = await Promise.all([hot.read(pkg), hot.read(pkg), hot.read(pkg)]);
    for (const body of all) expect((await asBytes(body)).equals(pkg.bytes)).toBe(true);
    expect(Buffer.isBuffer(await hot.read(pkg))).toBe(true);
    expect((await asBytes(await hot.read(pkg, { start: 10, end: 19 }))).equals(pkg.bytes.subarray(10, 20))).toBe(true);
    expect(reads).toEqual(['hot/a']);
    expect(hot.heldBytes).toBe(100_000);
  });

  it('stream objects larger than a quarter of the budget from storage every time', async () => {
    reads = [];
    const hot = new HotObjects(storage, 1024 * 1024);
    const big = await stored('hot/big', 300_000);
    for (let i = 0; i < 2; i += 1) {
      const body = await hot.read(big);
      expect(Buffer.isBuffer(body)).toBe(false);
      expect((await asBytes(body)).equals(big.bytes)).toBe(true);
    }
    expect(reads).toEqual(['hot/big', 'hot/big']);
    expect(hot.heldBytes).toBe(0);
  });

  it('keep nothing whose bytes do not hash to what the row says', async () => {
    reads = [];
    const hot = new HotObjects(storage, 1024 * 1024);
    const pkg = await stored('hot/changed', 1000);
    await storage.put('hot/changed', Readable.from([randomBytes(1000)]));
    await asBytes(await hot.read(pkg));
    await asBytes(await hot.read(pkg));
    expect(hot.heldBytes).toBe(0);
    // Checked, then read from storage as before: the check's read and the answer's, twice.
    expect(reads).toHaveLength(4);
  });

  it('stay within the budget, the least recently read going first', async () => {
    reads = [];
    const hot = new HotObjects(storage, 400_000);
    const objects = await Promise.all([1, 2, 3, 4, 5].map((n) => stored(`hot/lru${n}`, 90_000)));
    for (const o of objects) await hot.read(o);
    expect(hot.heldBytes).toBeLessThanOrEqual(400_000);
    reads = [];
    await hot.read(objects[4]!);
    expect(reads).toEqual([]);
    await hot.read(objects[0]!);
    expect(reads).toEqual(['hot/lru1']);
  });

  it('with a budget of 0, read every object from storage', async () => {
    reads = [];
    const hot = new HotObjects(storage, 0);
    const pkg = await stored('hot/none', 1000);
    expect(Buffer.isBuffer(await hot.read(pkg))).toBe(false);
    expect(Buffer.isBuffer(await hot.read(pkg))).toBe(false);
    expect(reads).toEqual(['hot/none', 'hot/none']);
  });
});
