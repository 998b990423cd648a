import type { Deps } from './deps';

/**
 * Reads of what many callers ask alike (the store's facts of an app), kept per instance for
 * DISTRIBUTION_CACHE_TTL_MS under a key (0: read every time): the first caller's read is
 * shared by those asking meanwhile, a failed read is not kept, the oldest key goes past
 * `max`. What an instance writes it forgets at once; other instances see it within the TTL.
 */
export class KeptReads<T> {
  readonly #kept = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly deps: Pick<Deps, 'clock' | 'config'>,
    private readonly max = 10_000,
  ) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const ttl = this.deps.config.distributionCacheTtlMs;
    if (ttl === 0) return read();
    const now = this.deps.clock.now().getTime();
    const hit = this.#kept.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = read();
    value.catch(() => this.#kept.delete(key));
    // Deleted first, so the key moves to the end of the map's order (the newest).
    this.#kept.delete(key);
    this.#kept.set(key, { expires: now + ttl, value });
    if (this.#kept.size > this.max) this.#kept.delete(this.#kept.keys().next().value!);
    return value;
  }

  forget(key: string): void {
    this.#kept.delete(key);
  }
}
