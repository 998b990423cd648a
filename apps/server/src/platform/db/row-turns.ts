import AsyncLock from 'async-lock';
import { AppError } from '../http/errors';

/** Writers waiting for one row on one instance before the next is told to come back (429). */
export const MAX_WAITING_PER_ROW = 1_000;

/**
 * Writes to one row take turns on this instance before they open a transaction.
 * PostgreSQL orders them anyway (the row lock), but a writer waiting there holds a pooled
 * connection the whole time: a burst of edits to one draft drained the pool and slowed
 * every other call (docs/performance.md). Waiting here costs no connection; the row lock
 * still orders writers on different instances. Turns do not nest: a write that holds one
 * never asks for another (async-lock is not re-entrant, so it would wait for itself).
 */
export class RowTurns {
  readonly #lock = new AsyncLock({ maxPending: Infinity });
  readonly #waiting = new Map<string, number>();
  /** Per row, the batch still gathering writes (its turn has not come yet). */
  readonly #gathering = new Map<string, { items: unknown[]; waiters: Array<{ resolve: (v: unknown) => void; reject: (e: unknown) => void }> }>();
  /** Per row, the writes in batches whose turn has not come: bounded as single writers are. */
  readonly #batched = new Map<string, number>();

  /** Runs `write` when the row's earlier writers on this instance are done. */
  run<T>(table: string, id: string, write: () => Promise<T>): Promise<T> {
    const key = `${table}:${id}`;
    const waiting = this.#waiting.get(key) ?? 0;
    if (waiting >= MAX_WAITING_PER_ROW) return Promise.reject(new AppError('rateLimited', undefined, { 'Retry-After': '1' }));
    this.#waiting.set(key, waiting + 1);
    return this.#lock.acquire(key, () => {
      const left = this.#waiting.get(key)! - 1;
      if (left) this.#waiting.set(key, left);
      else this.#waiting.delete(key);
      return write();
    });
  }

  /**
   * Group commit: writes to the row that arrive while it is busy go together in its next
   * turn, as one call of `writeAll` (one transaction for all, where one each kept a draft
   * to about 36 edits a second under the mixed load: docs/performance.md). `writeAll`
   * answers each item in order; a batch that is full (`max`) leaves the next arrivals to
   * the one after. Past MAX_WAITING_PER_ROW writes waiting in batches, the next is told
   * to come back (429).
   */
  together<I, R>(table: string, id: string, item: I, writeAll: (items: I[]) => Promise<Array<PromiseSettledResult<R>>>, max = 100): Promise<R> {
    const key = `${table}:${id}`;
    const batched = this.#batched.get(key) ?? 0;
    if (batched >= MAX_WAITING_PER_ROW) return Promise.reject(new AppError('rateLimited', undefined, { 'Retry-After': '1' }));
    this.#batched.set(key, batched + 1);
    const gathering = this.#gathering.get(key);
    const batch = gathering && gathering.items.length < max ? gathering : { items: [], waiters: [] };
    const answer = new Promise<R>((resolve, reject) => {
      batch.items.push(item);
      batch.waiters.push({ resolve: resolve as (v: unknown) => void, reject });
    });
    if (batch === gathering) return answer;
    this.#gathering.set(key, batch);
    // The turn may start at once (a free row): the item is in the batch by then.
    const leave = () => {
      if (this.#gathering.get(key) === batch) this.#gathering.delete(key);
      const left = (this.#batched.get(key) ?? 0) - batch.items.length;
      if (left > 0) this.#batched.set(key, left);
      else this.#batched.delete(key);
    };
    this.run(table, id, () => {
      leave();
      return writeAll(batch.items as I[]);
    }).then(
      (results) =>
        batch.waiters.forEach((w, i) => {
          const r = results[i];
          if (r?.status === 'fulfilled') w.resolve(r.value);
          else w.reject(r ? r.reason : new Error('a batched write was not answered'));
        }),
      (err: unknown) => {
        // Refused before its turn (too many waiting): later arrivals start a new batch.
        if (this.#gathering.get(key) === batch) leave();
        batch.waiters.forEach((w) => w.reject(err));
      },
    );
    return answer;
  }

  /** Writers of the row waiting for their turn on this instance (not counting the one writing; a batch counts once). */
  waiting(table: string, id: string): number {
    return this.#waiting.get(`${table}:${id}`) ?? 0;
  }

  /** Writes of the row waiting in batches whose turn has not come. */
  batched(table: string, id: string): number {
    return this.#batched.get(`${table}:${id}`) ?? 0;
  }
}
