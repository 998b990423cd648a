import { CloudQuery, type QuerySpec } from './query';
import { runTransaction, type Transaction, type TransactionOptions } from './transaction';
import type { CloudDocument, Predicate, QueryAnswer, Scalar } from './types';

export type ZoneOp = 'upsert' | 'delete' | 'query' | 'aggregate';

/** How a zone's calls reach the server: as a device (app key, app user) or as the project (the server SDK). */
export interface ZoneTransport {
  /** A document call on a type of a zone. `idempotent`: safe to send again when no answer came. */
  call<T>(op: ZoneOp, zone: string, objectType: string, body: unknown): Promise<T>;
  commit(zone: string, body: unknown): Promise<{ upserted: number; deleted: number }>;
  /** Live queries (devices only). */
  listen?(zone: string, objectType: string, spec: QuerySpec, onSnapshot: (objects: CloudDocument[]) => void, onError?: (error: Error) => void): () => void;
}

/** A zone of the project, by the name given in the console. */
export class CloudZone {
  constructor(
    private readonly io: ZoneTransport,
    readonly name: string,
  ) {}

  /** Writes whole documents by primary key (added, or replaced), all or none; answers them as stored. */
  async upsert<T extends CloudDocument>(objectType: string, objects: readonly T[]): Promise<T[]> {
    return (await this.io.call<{ objects: T[] }>('upsert', this.name, objectType, { objects })).objects;
  }

  /** Deletes documents by primary key (only the key fields are read), all or none; answers how many were there. */
  async delete(objectType: string, objects: readonly CloudDocument[]): Promise<number> {
    return (await this.io.call<{ deleted: number }>('delete', this.name, objectType, { objects })).deleted;
  }

  /** A query on the type: add conditions and order, then `get()`, `pages()` or an aggregate. */
  query<T extends CloudDocument = CloudDocument>(objectType: string): CloudQuery<T> {
    const { io } = this;
    return new CloudQuery<T>({
      objectType,
      run: (spec) => io.call<QueryAnswer>('query', this.name, objectType, spec),
      ...(io.listen ? { listen: (spec: QuerySpec, onSnapshot: (objects: CloudDocument[]) => void, onError?: (error: Error) => void) => io.listen!(this.name, objectType, spec, onSnapshot, onError) } : {}),
      aggregate: async (where: Predicate[], aggregate, field) =>
        (await io.call<{ value: number | string | null }>('aggregate', this.name, objectType, { where, aggregate, ...(field ? { field } : {}) })).value,
    });
  }

  /**
   * Reads, then writes all or nothing, only if nothing read changed meanwhile (run again, up
   * to `maxAttempts` times, when something did). Answers what the function answers.
   */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>, options?: TransactionOptions): Promise<R> {
    return runTransaction(
      {
        byKey: async (objectType, key: Record<string, Scalar>) => {
          const where = Object.entries(key).map(([field, value]) => ({ field, op: 'equalTo' as const, value }));
          const answer = await this.io.call<QueryAnswer>('query', this.name, objectType, { where, limit: 1, withVersions: true });
          return { objects: answer.objects, versions: answer.versions ?? [] };
        },
        commit: (reads, writes) => this.io.commit(this.name, { reads, writes }),
      },
      fn,
      options,
    );
  }
}
