import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  sha256: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

export interface PutOptions {
  maxBytes?: number;
  /**
   * The object appears under its key only once this has resolved (its database row written,
   * say), while the bytes may already be on their way; if it rejects, nothing is kept and
   * `put` rejects with its error. A store that cannot hold bytes unseen waits for it first.
   */
  landAfter?: Promise<unknown>;
}

/**
 * Where uploaded files live. Local directory by default; an S3-compatible store for
 * deployments that outgrow one disk implements the same methods.
 */
export interface ObjectStorage {
  /** Streams the body in; refuses (and keeps nothing) past maxBytes. */
  put(key: string, body: Readable, options?: PutOptions): Promise<StoredObject>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<boolean>;
  list(prefix: string): AsyncIterable<string>;
  /** A path on this machine's disk when the store has one, so readers can seek (parsers). */
  localPath?(key: string): string;
  /** Removes temp files of writes that died (stores that write through temp files). */
  sweepTemp?(maxAgeMs: number): Promise<number>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no object ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** Keys are ours (ids and fixed names), never user paths: anything else is a bug or an attack. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Counts and hashes bytes on their way to a store, refusing past maxBytes: the same
 * guarantees whichever store is behind the interface.
 */
export function meter(maxBytes = Number.POSITIVE_INFINITY): { stream: Transform; result(): StoredObject } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new ObjectTooLargeError(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  let digest: string | null = null;
  return { stream, result: () => ({ size, sha256: (digest ??= hash.digest('hex')) }) };
}

/** Deletes every object whose key starts with `prefix` (what a deleted project or site kept); answers how many. A store's failure is thrown (an event's handler is then retried). */
export async function deletePrefix(storage: ObjectStorage, prefix: string): Promise<number> {
  const keys: string[] = [];
  for await (const key of storage.list(prefix)) keys.push(key);
  await Promise.all(keys.map((k) => storage.delete(k)));
  return keys.length;
}
