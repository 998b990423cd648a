import type { Deps } from '../../platform/deps';
import { apiClientsRepo } from './repo';

/** How stale a client's "last used" may be: one write a minute per client and instance, not one per call. */
const TOUCH_EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

/**
 * Last-used times of clients and keys, written after the answer and at most once a minute
 * each: the console shows which credentials are still in use without every CI call
 * writing a row.
 */
export class UsageTouch {
  readonly #lastWritten = new Map<string, number>();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'log'>) {}

  client(rowId: string): void {
    this.#touch(`c:${rowId}`, (at) => apiClientsRepo.touch(this.deps.db, rowId, at));
  }

  key(keyId: string): void {
    this.#touch(`k:${keyId}`, (at) => apiClientsRepo.touchKey(this.deps.db, keyId, at));
  }

  #touch(id: string, write: (at: Date) => Promise<void>): void {
    const at = this.deps.clock.now();
    const last = this.#lastWritten.get(id);
    if (last !== undefined && at.getTime() - last < TOUCH_EVERY_MS) return;
    if (this.#lastWritten.size >= MAX_TRACKED) this.#lastWritten.clear();
    this.#lastWritten.set(id, at.getTime());
    write(at).catch((err: unknown) => this.deps.log.warn({ err }, 'could not note when an API client was last used'));
  }
}
