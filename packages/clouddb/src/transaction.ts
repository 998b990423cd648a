import { WharfError } from '@wharf/client';
import type { CloudQuery } from './query';
import type { CloudDocument, Scalar } from './types';

/** The server's answer when a document the transaction read changed before its commit. */
export const TRANSACTION_CONFLICT = 100419;

interface Read {
  objectTypeName: string;
  key: CloudDocument;
  version: number | null;
}
interface Write {
  op: 'upsert' | 'delete';
  objectTypeName: string;
  objects: CloudDocument[];
}

export interface TransactionIo {
  /** One page of a type's documents by key, with their versions. */
  byKey(objectType: string, key: Record<string, Scalar>): Promise<{ objects: CloudDocument[]; versions: number[] }>;
  commit(reads: Read[], writes: Write[]): Promise<{ upserted: number; deleted: number }>;
}

/**
 * What a transaction function is handed: reads that remember each document's version, and
 * writes kept until the function returns. Reads come before writes, as in AppGallery
 * Connect's and Firestore's transactions.
 */
export class Transaction {
  readonly #reads: Read[] = [];
  readonly #writes: Write[] = [];

  constructor(private readonly io: TransactionIo) {}

  /** A document by its primary key (every key field), or null when there is none. */
  async get<T extends CloudDocument>(objectType: string, key: Record<string, Scalar>): Promise<T | null> {
    this.#readable();
    const { objects, versions } = await this.io.byKey(objectType, key);
    const found = objects[0] ?? null;
    this.#reads.push({ objectTypeName: objectType, key, version: found ? (versions[0] ?? null) : null });
    return found as T | null;
  }

  /** The first page of a query; the commit fails if any of those documents changed meanwhile (not if one began to match). */
  async query<T extends CloudDocument>(query: CloudQuery<T>): Promise<T[]> {
    this.#readable();
    const { objectType, objects, versions } = await query.readVersions();
    objects.forEach((o, i) => this.#reads.push({ objectTypeName: objectType, key: o, version: versions[i] ?? null }));
    return objects;
  }

  upsert(objectType: string, objects: readonly CloudDocument[]): void {
    this.#writes.push({ op: 'upsert', objectTypeName: objectType, objects: [...objects] });
  }

  delete(objectType: string, objects: readonly CloudDocument[]): void {
    this.#writes.push({ op: 'delete', objectTypeName: objectType, objects: [...objects] });
  }

  /** @internal */
  async commit(): Promise<void> {
    if (this.#writes.length) await this.io.commit(this.#reads, this.#writes);
  }

  #readable(): void {
    if (this.#writes.length) throw new Error('a transaction reads before it writes');
  }
}

export interface TransactionOptions {
  /** How many times the function runs at most when what it read changed before the commit (default 5). */
  maxAttempts?: number;
}

/**
 * Runs the function, then commits its writes only if nothing it read has changed; when
 * something has, runs it again from the start after a short, growing, random pause.
 */
export async function runTransaction<R>(io: TransactionIo, fn: (tx: Transaction) => Promise<R>, options: TransactionOptions = {}): Promise<R> {
  const attempts = Math.max(1, options.maxAttempts ?? 5);
  for (let attempt = 1; ; attempt += 1) {
    const tx = new Transaction(io);
    const result = await fn(tx);
    try {
      await tx.commit();
      return result;
    } catch (e) {
      if (!(e instanceof WharfError) || e.code !== TRANSACTION_CONFLICT || attempt >= attempts) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
    }
  }
}
