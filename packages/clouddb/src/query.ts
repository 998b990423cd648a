import type { CloudDocument, Predicate, PredicateOp, QueryAnswer, Scalar } from './types';

/** What a query sends: its conditions, order, size and where it starts. */
export interface QuerySpec {
  where: Predicate[];
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  limit?: number;
  offset?: number;
  cursor?: string;
}

export interface QueryRunner {
  /** The object type queried (a transaction's reads name it). */
  objectType?: string;
  run(spec: QuerySpec & { withVersions?: boolean }): Promise<QueryAnswer>;
  listen?(spec: QuerySpec, onSnapshot: (objects: CloudDocument[]) => void, onError?: (error: Error) => void): () => void;
  aggregate(where: Predicate[], aggregate: 'count' | 'sum' | 'average' | 'min' | 'max', field?: string): Promise<number | string | null>;
}

/**
 * A query on one object type in one zone, built step by step as AppGallery Connect's
 * CloudDBZoneQuery is (each step answers a new query; the one before stays as it was).
 */
export class CloudQuery<T extends CloudDocument = CloudDocument> {
  constructor(
    private readonly runner: QueryRunner,
    readonly spec: QuerySpec = { where: [], orderBy: [] },
  ) {}

  #with(change: Partial<QuerySpec>): CloudQuery<T> {
    return new CloudQuery<T>(this.runner, { ...this.spec, ...change });
  }

  where(field: string, op: Exclude<PredicateOp, 'in' | 'isNull' | 'isNotNull'>, value: Scalar): CloudQuery<T> {
    return this.#with({ where: [...this.spec.where, { field, op, value }] });
  }
  equalTo = (field: string, value: Scalar) => this.where(field, 'equalTo', value);
  notEqualTo = (field: string, value: Scalar) => this.where(field, 'notEqualTo', value);
  greaterThan = (field: string, value: Scalar) => this.where(field, 'greaterThan', value);
  greaterThanOrEqualTo = (field: string, value: Scalar) => this.where(field, 'greaterThanOrEqualTo', value);
  lessThan = (field: string, value: Scalar) => this.where(field, 'lessThan', value);
  lessThanOrEqualTo = (field: string, value: Scalar) => this.where(field, 'lessThanOrEqualTo', value);
  beginsWith = (field: string, value: string) => this.where(field, 'beginsWith', value);
  contains = (field: string, value: string) => this.where(field, 'contains', value);
  in(field: string, values: Scalar[]): CloudQuery<T> {
    return this.#with({ where: [...this.spec.where, { field, op: 'in', value: values }] });
  }
  isNull(field: string): CloudQuery<T> {
    return this.#with({ where: [...this.spec.where, { field, op: 'isNull' }] });
  }
  isNotNull(field: string): CloudQuery<T> {
    return this.#with({ where: [...this.spec.where, { field, op: 'isNotNull' }] });
  }
  orderBy(field: string, direction: 'asc' | 'desc' = 'asc'): CloudQuery<T> {
    return this.#with({ orderBy: [...this.spec.orderBy, { field, direction }] });
  }
  limit(n: number, offset?: number): CloudQuery<T> {
    return this.#with({ limit: n, ...(offset === undefined ? {} : { offset }) });
  }
  /** The page after the one that answered this cursor. */
  startAfter(cursor: string): CloudQuery<T> {
    return this.#with({ cursor });
  }

  /** One page of documents, and the cursor of the next (null: this was the last). */
  async get(): Promise<{ objects: T[]; cursor: string | null }> {
    const answer = await this.runner.run(this.spec);
    return { objects: answer.objects as T[], cursor: answer.cursor };
  }

  /** Every matching document, a page at a time. */
  async *pages(): AsyncGenerator<T[]> {
    let cursor: string | undefined = this.spec.cursor;
    for (;;) {
      const answer = await this.runner.run({ ...this.spec, ...(cursor ? { cursor } : {}) });
      yield answer.objects as T[];
      if (!answer.cursor) return;
      cursor = answer.cursor;
    }
  }

  /**
   * The matching documents now and after every change, on any device (a live query: within
   * a second, kept open and reopened by itself). Answers the function that stops it.
   */
  onSnapshot(listener: (objects: T[]) => void, onError?: (error: Error) => void): () => void {
    if (!this.runner.listen) throw new Error('this query cannot listen');
    return this.runner.listen(this.spec, listener as (objects: CloudDocument[]) => void, onError);
  }

  /** @internal A transaction's read: the first page with each document's version. */
  async readVersions(): Promise<{ objectType: string; objects: T[]; versions: number[] }> {
    if (!this.runner.objectType) throw new Error('this query cannot be read in a transaction');
    const answer = await this.runner.run({ ...this.spec, withVersions: true });
    return { objectType: this.runner.objectType, objects: answer.objects as T[], versions: answer.versions ?? [] };
  }

  count = async (field?: string): Promise<number> => Number(await this.runner.aggregate(this.spec.where, 'count', field));
  sum = (field: string) => this.runner.aggregate(this.spec.where, 'sum', field);
  average = (field: string) => this.runner.aggregate(this.spec.where, 'average', field);
  min = (field: string) => this.runner.aggregate(this.spec.where, 'min', field);
  max = (field: string) => this.runner.aggregate(this.spec.where, 'max', field);
}
