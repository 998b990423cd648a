import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import type { Deps } from '../deps';
import { perDeps } from '../per-deps';
import { readAllUpTo } from './read-all';
import type { ByteRange, ObjectStorage } from './storage';

/** What the caller's row says the object is: the bytes kept must hash to it. */
export interface ExpectedObject {
  storageKey: string;
  size: number;
  sha256: string;
}

/**
 * Objects many devices download alike (a release's package), kept in memory per instance
 * within a budget of bytes, the least recently sent going first. Reading a file again for
 * each download cost a 3.3 MB package 10 ms of the server's CPU, most of it allocating and
 * collecting a fresh buffer per read; from memory the same bytes go to every socket
 * (docs/performance.md). Objects are kept by key and SHA-256, checked when read, so
 * storage changed behind the row is never served as the row's; larger objects, or all of
 * them with a budget of 0, are streamed from storage as before.
 */
export class HotObjects {
  readonly #kept: LRUCache<string, Buffer, ExpectedObject> | null;
  readonly #largest: number;

  constructor(
    private readonly storage: ObjectStorage,
    budgetBytes: number,
  ) {
    // A quarter of the budget at most, so one large package cannot push out all the rest.
    this.#largest = Math.floor(budgetBytes / 4);
    this.#kept =
      budgetBytes > 0
        ? new LRUCache<string, Buffer, ExpectedObject>({
            maxSize: budgetBytes,
            maxEntrySize: this.#largest,
            sizeCalculation: (bytes) => Math.max(1, bytes.length),
            // Callers asking for one object at once share its single read.
            fetchMethod: (_key, _stale, { context }) => this.#readChecked(context),
          })
        : null;
  }

  /** The object, or the range of it, as bytes when it is kept (or now read and kept), else as a stream from storage. */
  async read(object: ExpectedObject, range?: ByteRange): Promise<Buffer | Readable> {
    if (!this.#kept || object.size > this.#largest) return this.storage.get(object.storageKey, range);
    const bytes = await this.#kept.fetch(`${object.sha256}:${object.storageKey}`, { context: object });
    if (!bytes) return this.storage.get(object.storageKey, range);
    return range ? bytes.subarray(range.start, range.end + 1) : bytes;
  }

  /** Bytes held now, for tests and the memory probe. */
  get heldBytes(): number {
    return this.#kept?.calculatedSize ?? 0;
  }

  async #readChecked(object: ExpectedObject): Promise<Buffer | undefined> {
    const bytes = await readAllUpTo(await this.storage.get(object.storageKey), object.size);
    if (!bytes || bytes.length !== object.size || createHash('sha256').update(bytes).digest('hex') !== object.sha256) return undefined;
    return bytes;
  }
}

/** The instance's kept objects, `DOWNLOAD_CACHE_MB` of them. */
export const hotObjectsOf = perDeps((deps: Deps) => new HotObjects(deps.storage, deps.config.downloadCacheBytes));
