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

  /** Writers of the row waiting for their turn on this instance (not counting the one writing). */
  waiting(table: string, id: string): number {
    return this.#waiting.get(`${table}:${id}`) ?? 0;
  }
}
