import { Readable } from 'node:stream';
import { STORAGE_LIMITS } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/http/errors';
import { ObjectTooLargeError } from '../../platform/storage';
import { factsOf, type DeviceCaller, type StorageDevice } from './device';
import type { StorageObjects, WriteInput } from './objects';
import { storageRepo as repo, type ObjectRow, type UploadRow } from './repo';
import { WORDS } from './words';

const chunkKey = (upload: UploadRow, index: number) => `storage-uploads/${upload.id}/${index}`;

export type ChunkResult = { done: false; received: number } | { done: true; object: ObjectRow };

/**
 * Resumable uploads, Google Cloud Storage's protocol: a session is started with the whole
 * size, chunks follow in order with `Content-Range`, and a client whose connection dropped
 * asks where to go on from. Each chunk is an object of its own until the last one, when
 * they are joined into the file and recorded like any other write (rules and quota again).
 * Every chunk is sent with the app's key and the same user's token that started it.
 */
export class ResumableUploads {
  constructor(
    private readonly deps: Deps,
    private readonly objects: StorageObjects,
    private readonly device: StorageDevice,
  ) {}

  async start(c: DeviceCaller, name: string, total: number, input: WriteInput): Promise<UploadRow> {
    const { config, clock } = this.deps;
    if (total > config.cloudStorage.maxObjectBytes) throw new AppError('tooLarge', WORDS.objectTooLarge(config.cloudStorage.maxObjectBytes));
    const existing = (await repo.object(this.deps.db, c.bucket.id, name)) ?? null;
    this.device.allow(c, 'write', name, existing ? factsOf(existing) : null, { size: total, contentType: input.contentType, owner: input.owner, metadata: input.metadata });
    if ((await this.objects.room(c.bucket, existing?.size ?? 0)) < total) throw new AppError('tooLarge', WORDS.quota(config.cloudStorage.projectQuotaBytes));
    const now = clock.now();
    return repo.insertUpload(this.deps.db, {
      bucketId: c.bucket.id, name, contentType: input.contentType, cacheControl: input.cacheControl, metadata: input.metadata, owner: input.owner,
      totalSize: total, createdAt: now, expiresAt: new Date(now.getTime() + STORAGE_LIMITS.uploadSessionMs),
    });
  }

  async session(id: string): Promise<UploadRow> {
    const row = await repo.upload(this.deps.db, id);
    if (!row || row.expiresAt <= this.deps.clock.now()) throw notFound(WORDS.noUpload);
    return row;
  }

  /** One chunk, starting where the last one ended; the last one finishes the file. */
  async chunk(c: DeviceCaller, upload: UploadRow, start: number, length: number, body: Readable): Promise<ChunkResult> {
    const { storage, db } = this.deps;
    if (start !== upload.received) {
      body.resume();
      throw new AppError('conflict', WORDS.badChunk(upload.received), { range: upload.received > 0 ? `bytes=0-${upload.received - 1}` : '' });
    }
    if (length > STORAGE_LIMITS.chunkMaxBytes || start + length > upload.totalSize) {
      body.resume();
      throw new AppError('tooLarge', WORDS.sizeMismatch);
    }
    const key = chunkKey(upload, upload.chunks);
    let stored;
    try {
      stored = await storage.put(key, body, { maxBytes: length });
    } catch (err) {
      if (err instanceof ObjectTooLargeError) throw new AppError('invalidInput', WORDS.sizeMismatch);
      throw err;
    }
    if (stored.size !== length) {
      await storage.delete(key).catch(() => undefined);
      throw new AppError('invalidInput', WORDS.sizeMismatch);
    }
    const taken = await db.transaction(async (tx) => {
      const row = await repo.upload(tx, upload.id, true);
      if (!row || row.received !== start) return null;
      await repo.updateUpload(tx, upload.id, { received: start + length, chunks: row.chunks + 1 });
      return { ...row, received: start + length, chunks: row.chunks + 1 };
    });
    if (!taken) {
      await storage.delete(key).catch(() => undefined);
      throw new AppError('conflict', WORDS.badChunk(upload.received));
    }
    if (taken.received < taken.totalSize) return { done: false, received: taken.received };
    return { done: true, object: await this.#finish(c, taken) };
  }

  async #finish(c: DeviceCaller, upload: UploadRow): Promise<ObjectRow> {
    const { storage } = this.deps;
    const keys = Array.from({ length: upload.chunks }, (_, i) => chunkKey(upload, i));
    const joined = Readable.from(
      (async function* () {
        for (const key of keys) yield* await storage.get(key);
      })(),
    );
    const finalKey = this.objects.newKey(c.bucket);
    const stored = await storage.put(finalKey, joined, { maxBytes: upload.totalSize });
    const input = { contentType: upload.contentType, cacheControl: upload.cacheControl, metadata: upload.metadata, owner: upload.owner };
    try {
      return await this.objects.commitStored(c.bucket, upload.name, finalKey, stored, input, this.device.writeCheck(c, upload.name));
    } finally {
      await this.#drop(upload);
    }
  }

  async cancel(upload: UploadRow): Promise<void> {
    await this.#drop(upload);
  }

  async #drop(upload: UploadRow): Promise<void> {
    await repo.deleteUpload(this.deps.db, upload.id);
    await Promise.all(Array.from({ length: upload.chunks + 1 }, (_, i) => this.deps.storage.delete(chunkKey(upload, i)).catch(() => undefined)));
  }

  /** Sessions past their week: their chunks and rows go (periodic, every instance; deleting twice is harmless). */
  async sweep(): Promise<number> {
    const expired = await repo.expiredUploads(this.deps.db, this.deps.clock.now(), 100);
    for (const u of expired) await this.#drop(u);
    return expired.length;
  }
}
