import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StorageObjectFacts } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/errors';
import { ObjectTooLargeError } from '../../platform/storage';
import { storageObjectDeleted, storageObjectFinalized } from './events';
import { decodeListCursor, encodeListCursor, type ListPosition } from './present';
import { prefixEnd, storageRepo as repo, type BucketRow, type ObjectRow } from './repo';
import { WORDS } from './words';

export interface WriteInput {
  contentType: string;
  cacheControl: string | null;
  metadata: Record<string, string>;
  /** The app user writing; null for the console or the app key alone. */
  owner: string | null;
}

/** Said inside the write's transaction, with the stored file (or none) locked: throw to refuse. */
export type WriteCheck = (tx: Tx, existing: ObjectRow | null, incoming: StorageObjectFacts) => Promise<void> | void;

const day = (d: Date) => d.toISOString().slice(0, 10);
/** How long an instance trusts a file's row it read for a download. */
export const READ_CACHE_MS = 1000;
const eventOf = (bucket: BucketRow, o: ObjectRow) => ({ projectId: bucket.projectId, bucket: bucket.name, name: o.name, size: o.size, contentType: o.contentType, owner: o.owner, generation: o.generation });

/**
 * A bucket's files, for every caller (the console, devices, signed links): bytes go to a
 * fresh key of the object store first, then one transaction checks the rules and the quota
 * with the project's buckets locked and swaps the row; a refusal or a crash leaves the old
 * file as it was (the new bytes are deleted, or swept as orphans).
 */
export class StorageObjects {
  readonly #recent = new Map<string, { row: ObjectRow; at: number }>();

  constructor(
    private readonly deps: Deps,
    /** Told when a file's content is gone (deleted or replaced), after the change committed: what was made of it goes too. */
    private readonly onGone: (bucket: BucketRow, sha256: string) => Promise<void> = async () => undefined,
  ) {}

  /** A fresh object-store key in the bucket's folder of the store. */
  newKey(bucket: BucketRow): string {
    return `storage/${bucket.projectId}/${bucket.id}/${randomUUID()}`;
  }

  /** Bytes the project may still write (the quota less what its buckets hold), counting a file being replaced as free. */
  async room(bucket: BucketRow, replacing: number): Promise<number> {
    const used = (await repo.buckets(this.deps.db, bucket.projectId)).reduce((n, b) => n + b.bytes, 0);
    return this.deps.config.cloudStorage.projectQuotaBytes - used + replacing;
  }

  /** Streams a file in and records it; `check` runs with the old one locked (rules, preconditions). */
  async write(bucket: BucketRow, name: string, body: Readable, input: WriteInput, check?: WriteCheck, audit?: (tx: Tx, row: ObjectRow, replaced: boolean) => Promise<void>): Promise<ObjectRow> {
    const { storage, config } = this.deps;
    const before = await repo.object(this.deps.db, bucket.id, name);
    const room = await this.room(bucket, before?.size ?? 0);
    const quota = config.cloudStorage.projectQuotaBytes;
    if (room <= 0) {
      body.resume();
      throw new AppError('tooLarge', WORDS.quota(quota));
    }
    const maxBytes = Math.min(config.cloudStorage.maxObjectBytes, room);
    const key = this.newKey(bucket);
    let stored;
    try {
      stored = await storage.put(key, body, { maxBytes });
    } catch (err) {
      if (err instanceof ObjectTooLargeError) throw new AppError('tooLarge', maxBytes < config.cloudStorage.maxObjectBytes ? WORDS.quota(quota) : WORDS.objectTooLarge(maxBytes));
      throw err;
    }
    try {
      const { row, replaced } = await this.#commit(bucket, name, key, stored, input, check, audit);
      this.#forget(bucket.id, name);
      await this.#gone(bucket, replaced, row.sha256);
      return row;
    } catch (err) {
      await storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** Records bytes already in the store under `key` as the file `name` (a resumable upload's last step). */
  async #commit(bucket: BucketRow, name: string, key: string, stored: { size: number; sha256: string }, input: WriteInput, check?: WriteCheck, audit?: (tx: Tx, row: ObjectRow, replaced: boolean) => Promise<void>) {
    const { db, clock, config, events } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const buckets = await repo.lockBuckets(tx, bucket.projectId);
      if (!buckets.some((b) => b.id === bucket.id)) throw notFound(WORDS.noBucket(bucket.name));
      const existing = (await repo.object(tx, bucket.id, name, true)) ?? null;
      await check?.(tx, existing, { size: stored.size, contentType: input.contentType, owner: input.owner, metadata: input.metadata });
      const used = buckets.reduce((n, b) => n + b.bytes, 0) - (existing?.size ?? 0) + stored.size;
      if (used > config.cloudStorage.projectQuotaBytes) throw new AppError('tooLarge', WORDS.quota(config.cloudStorage.projectQuotaBytes));
      const fields = { storageKey: key, size: stored.size, sha256: stored.sha256, contentType: input.contentType, cacheControl: input.cacheControl, metadata: input.metadata, owner: input.owner, updatedAt: now };
      const row = existing
        ? await repo.updateObject(tx, bucket.id, name, { ...fields, generation: existing.generation + 1 })
        : await repo.insertObject(tx, { bucketId: bucket.id, name, ...fields, createdAt: now });
      await repo.addToBucket(tx, bucket.id, existing ? 0 : 1, stored.size - (existing?.size ?? 0));
      await repo.addUsage(tx, bucket.id, day(now), { uploads: 1, uploadBytes: stored.size });
      await events.publish(tx, storageObjectFinalized, `${bucket.id}/${name}`, eventOf(bucket, row));
      await audit?.(tx, row, existing !== null);
      return { row, replaced: existing ? { key: existing.storageKey, sha256: existing.sha256 } : null };
    });
  }

  async #gone(bucket: BucketRow, replaced: { key: string; sha256: string } | null, now: string): Promise<void> {
    if (!replaced) return;
    await this.deps.storage.delete(replaced.key).catch(() => undefined);
    if (replaced.sha256 !== now) await this.onGone(bucket, replaced.sha256).catch(() => undefined);
  }

  /** Records bytes put by a resumable upload; deletes them when refused. */
  async commitStored(bucket: BucketRow, name: string, key: string, stored: { size: number; sha256: string }, input: WriteInput, check?: WriteCheck): Promise<ObjectRow> {
    try {
      const { row, replaced } = await this.#commit(bucket, name, key, stored, input, check);
      this.#forget(bucket.id, name);
      await this.#gone(bucket, replaced, row.sha256);
      return row;
    } catch (err) {
      await this.deps.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /**
   * A file's row, as this instance read it within READ_CACHE_MS (a file found; a miss is
   * always asked again, so a file written elsewhere shows at once). This instance's own
   * changes forget it at once; another's show within the second, and a download whose
   * bytes went meanwhile reads the row again (`fresh`).
   */
  async get(bucket: BucketRow, name: string, { fresh = false } = {}): Promise<ObjectRow> {
    const key = `${bucket.id}\n${name}`;
    const now = this.deps.clock.now().getTime();
    const hit = fresh ? undefined : this.#recent.get(key);
    if (hit && now - hit.at < READ_CACHE_MS) return hit.row;
    const row = await repo.objectForRead(this.deps.database, bucket.id, name);
    if (!row) {
      this.#recent.delete(key);
      throw notFound(WORDS.noObject(name));
    }
    if (this.#recent.size >= 10_000) this.#recent.clear();
    this.#recent.set(key, { row, at: now });
    return row;
  }

  #forget(bucketId: string, name: string): void {
    this.#recent.delete(`${bucketId}\n${name}`);
  }

  async updateMetadata(bucket: BucketRow, name: string, change: { contentType?: string | undefined; cacheControl?: string | null | undefined; metadata?: Record<string, string> | undefined }, check?: WriteCheck, audit?: (tx: Tx, row: ObjectRow) => Promise<void>): Promise<ObjectRow> {
    const { db, clock } = this.deps;
    const saved = await db.transaction(async (tx) => {
      const existing = await repo.object(tx, bucket.id, name, true);
      if (!existing) throw notFound(WORDS.noObject(name));
      const next = { contentType: change.contentType ?? existing.contentType, cacheControl: change.cacheControl === undefined ? existing.cacheControl : change.cacheControl, metadata: change.metadata ?? existing.metadata };
      await check?.(tx, existing, { size: existing.size, contentType: next.contentType, owner: existing.owner, metadata: next.metadata });
      const row = await repo.updateObject(tx, bucket.id, name, { ...next, updatedAt: clock.now() });
      await audit?.(tx, row);
      return row;
    });
    this.#forget(bucket.id, name);
    return saved;
  }

  /**
   * Deletes files (those not there are skipped) and up to `limit` files of each folder in one
   * transaction; the bytes go after it commits.
   */
  async delete(bucket: BucketRow, names: string[], folders: string[] = [], check?: (existing: ObjectRow) => void, audit?: (tx: Tx, deleted: ObjectRow[]) => Promise<void>, limit = 1000): Promise<{ deleted: number; more: boolean }> {
    const { db, clock, events, storage } = this.deps;
    const { rows, more } = await db.transaction(async (tx) => {
      const named = await Promise.all(names.map((n) => repo.object(tx, bucket.id, n, true)));
      for (const row of named) if (row) check?.(row);
      const all = named.filter((r): r is ObjectRow => Boolean(r)).map((r) => r.name);
      let more = false;
      for (const folder of folders) {
        const inFolder = await repo.namesFrom(tx, bucket.id, folder, null, limit + 1);
        more ||= inFolder.length > limit;
        all.push(...inFolder.slice(0, limit).map((r) => r.name));
      }
      const deleted = await repo.deleteObjects(tx, bucket.id, [...new Set(all)]);
      if (deleted.length === 0) return { rows: deleted, more };
      await repo.addToBucket(tx, bucket.id, -deleted.length, -deleted.reduce((n, r) => n + r.size, 0));
      await repo.addUsage(tx, bucket.id, day(clock.now()), { deletes: deleted.length });
      await events.publishMany(tx, storageObjectDeleted, deleted.map((r) => ({ key: `${bucket.id}/${r.name}`, payload: eventOf(bucket, r) })));
      await audit?.(tx, deleted);
      return { rows: deleted, more };
    });
    for (const r of rows) this.#forget(bucket.id, r.name);
    await Promise.all(rows.map((r) => storage.delete(r.storageKey).catch(() => undefined)));
    await Promise.all(rows.map((r) => this.onGone(bucket, r.sha256).catch(() => undefined)));
    return { deleted: rows.length, more };
  }

  /**
   * One page of a folder: its sub-folders (each name once, however many files it holds) and
   * its files, in byte order of their names. A folder costs one more query: the scan jumps
   * past everything in it.
   */
  async list(bucket: BucketRow, prefix: string, pageSize: number, cursor?: string): Promise<{ folders: string[]; objects: ObjectRow[]; nextCursor: string | null }> {
    let pos: ListPosition | null = decodeListCursor(cursor);
    if (!pos) throw new AppError('invalidInput', WORDS.badQuery('cursor'));
    const folders: string[] = [];
    const objects: ObjectRow[] = [];
    for (let query = 0; query <= pageSize; query++) {
      const want = pageSize - folders.length - objects.length;
      const rows = await repo.namesFrom(this.deps.db, bucket.id, prefix, pos.name, want + 1, pos.inclusive);
      let jumped = false;
      for (const r of rows) {
        if (folders.length + objects.length === pageSize) return { folders, objects, nextCursor: encodeListCursor(pos) };
        const rest = r.name.slice(prefix.length);
        const slash = rest.indexOf('/');
        if (slash >= 0) {
          const folder = prefix + rest.slice(0, slash + 1);
          folders.push(folder);
          pos = { name: prefixEnd(folder), inclusive: true };
          jumped = true;
          break;
        }
        objects.push(r);
        pos = { name: r.name, inclusive: false };
      }
      if (!jumped) return { folders, objects, nextCursor: null };
    }
    return { folders, objects, nextCursor: encodeListCursor(pos) };
  }
}
