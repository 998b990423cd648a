import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, open as openCallback } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  meter,
  ObjectNotFoundError,
  type ByteRange,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './storage';

/**
 * Bytes read from disk at once when an object is sent: each read waits for a turn of a
 * busy event loop, so larger reads send a file in fewer turns (a 3.3 MB package under the
 * mixed load: p99 419 ms at 256 KiB, 285 ms at 1 MiB), but every reader holds its chunk.
 * The instance's readers share a budget: 1 MiB each while 64 or fewer read, down to
 * 64 KiB each in a stampede of a thousand (docs/performance.md).
 */
export const READ_CHUNKS = { most: 1024 * 1024, least: 64 * 1024, budget: 64 * 1024 * 1024 };

/** A reader's chunk when `reading` others are being read on this instance. */
export function readChunkBytes(reading: number): number {
  const share = Math.floor(READ_CHUNKS.budget / (reading + 1) / READ_CHUNKS.least) * READ_CHUNKS.least;
  return Math.min(READ_CHUNKS.most, Math.max(READ_CHUNKS.least, share));
}

/** A descriptor from the callback API: one thread-pool turn, no promise machinery of a FileHandle. */
function openFd(file: string, flags: string): Promise<number> {
  return new Promise((resolve, reject) => openCallback(file, flags, (err, fd) => (err ? reject(err) : resolve(fd))));
}

/**
 * Files under one directory. Writes go to a temporary file that is renamed into place,
 * so a reader never sees half an object and a crash leaves only a temp file behind.
 */
export class LocalStorage implements ObjectStorage {
  readonly #root: string;
  readonly #tmp: string;
  /** Objects being read now (their streams not yet closed). */
  #reading = 0;
  /**
   * Directories this instance made or found: each `mkdir` is a turn of the thread pool and
   * of a busy event loop, twice per upload (docs/performance.md). One removed from outside
   * is made again when a rename into it fails.
   */
  readonly #dirs = new Set<string>();

  constructor(root: string) {
    this.#root = path.resolve(root);
    this.#tmp = path.join(this.#root, '.tmp');
  }

  #path(key: string): string {
    assertValidKey(key);
    return path.join(this.#root, 'objects', key);
  }

  localPath(key: string): string {
    return this.#path(key);
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<StoredObject> {
    const target = this.#path(key);
    await Promise.all([this.#dir(this.#tmp), this.#dir(path.dirname(target))]);
    const tmp = path.join(this.#tmp, randomUUID());
    const counted = meter(options.maxBytes);
    // Opened before the body flows, so that a temp directory removed from outside is made again.
    const fd = await openFd(tmp, 'wx').catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      this.#dirs.clear();
      await this.#dir(this.#tmp);
      return openFd(tmp, 'wx');
    });
    try {
      await pipeline(body, counted.stream, createWriteStream(tmp, { fd }));
      // The bytes wait in the temp file, unseen, until the object may appear.
      if (options.landAfter) await options.landAfter;
      await fs.rename(tmp, target).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        this.#dirs.clear();
        await this.#dir(path.dirname(target));
        await fs.rename(tmp, target);
      });
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return counted.result();
  }

  async #dir(dir: string): Promise<void> {
    if (this.#dirs.has(dir)) return;
    await fs.mkdir(dir, { recursive: true });
    if (this.#dirs.size >= 10_000) this.#dirs.clear();
    this.#dirs.add(dir);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    const fd = await openFd(file, 'r').catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOENT' ? new ObjectNotFoundError(key) : err;
    });
    // The stream owns the descriptor: opening first turns "missing" into a clean error. A
    // descriptor's stream, not a FileHandle's: its reads are plain callbacks, not promises
    // (a small file's GET is mostly this). Reads as large as the shared budget allows.
    const stream = createReadStream(file, { fd, ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: readChunkBytes(this.#reading) });
    this.#reading += 1;
    stream.once('close', () => (this.#reading -= 1));
    return stream;
  }

  /** Objects being read now: what the next reader's chunk depends on. */
  get reading(): number {
    return this.#reading;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fs.stat(this.#path(key));
      return { size: s.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<boolean> {
    try {
      await fs.unlink(this.#path(key));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    const base = path.join(this.#root, 'objects');
    const entries = await fs.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    const keys = entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((k) => k.startsWith(prefix))
      .sort();
    yield* keys;
  }

  /** Temp files older than maxAgeMs are leftovers of interrupted uploads. */
  async sweepTemp(maxAgeMs: number, now = Date.now()): Promise<number> {
    const names = await fs.readdir(this.#tmp).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.#tmp, name);
      const s = await fs.stat(file).catch(() => null);
      if (s && now - s.mtimeMs > maxAgeMs) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
