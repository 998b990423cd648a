import type { WharfCall, WharfClient } from '@wharf/client';
import { pathOf } from './calls';
import { listenTo } from './live';
import { CloudQuery, type QuerySpec } from './query';
import type { CloudDocument, Predicate, QueryAnswer } from './types';

/**
 * A project's Cloud DB from a device: calls go as the signed-in app user when there is one
 * (the rights of Authenticated and Creator apply), with the app's key alone otherwise (World).
 */
export class CloudDB {
  constructor(private readonly wharf: WharfClient) {}

  /** A zone of the project, by the name given in the console. */
  zone(name: string): CloudZone {
    return new CloudZone(this, name);
  }

  /** @internal */
  get client(): WharfClient {
    return this.wharf;
  }

  /** @internal */
  call<T>(call: WharfCall): Promise<T> {
    return this.wharf.auth.currentUser ? this.wharf.requestAsUser<T>(call) : this.wharf.request<T>(call);
  }
}

export class CloudZone {
  constructor(
    private readonly db: CloudDB,
    readonly name: string,
  ) {}

  /** Writes whole documents by primary key (added, or replaced), all or none; answers them as stored. */
  async upsert<T extends CloudDocument>(objectType: string, objects: readonly T[]): Promise<T[]> {
    const answer = await this.db.call<{ objects: T[] }>({ method: 'POST', path: pathOf('upsert', this.name, objectType), body: { objects }, idempotent: true });
    return answer.objects;
  }

  /** Deletes documents by primary key (only the key fields are read), all or none; answers how many were there. */
  async delete(objectType: string, objects: readonly CloudDocument[]): Promise<number> {
    return (await this.db.call<{ deleted: number }>({ method: 'POST', path: pathOf('delete', this.name, objectType), body: { objects }, idempotent: true })).deleted;
  }

  /** A query on the type: add conditions and order, then `get()`, `pages()` or an aggregate. */
  query<T extends CloudDocument = CloudDocument>(objectType: string): CloudQuery<T> {
    return new CloudQuery<T>({
      run: (spec: QuerySpec) => this.db.call<QueryAnswer>({ method: 'POST', path: pathOf('query', this.name, objectType), body: spec, idempotent: true }),
      listen: (spec, onSnapshot, onError) => listenTo(this.db.client, pathOf('listen', this.name, objectType), spec, onSnapshot, onError),
      aggregate: async (where: Predicate[], aggregate, field) =>
        (await this.db.call<{ value: number | string | null }>({ method: 'POST', path: pathOf('aggregate', this.name, objectType), body: { where, aggregate, ...(field ? { field } : {}) }, idempotent: true })).value,
    });
  }
}

/** Cloud DB on this client (one per client). */
export function getCloudDB(wharf: WharfClient): CloudDB {
  return new CloudDB(wharf);
}
