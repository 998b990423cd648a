import type { PermissionName } from '@wharf/contract';
import type { SessionLookup } from '../repo/sessions';

export interface CachedCaller {
  found: SessionLookup;
  permissions: Set<PermissionName> | null;
}

/**
 * A short-lived cache of session lookups, so an authenticated call costs no database
 * round trip most of the time. Expiry is still checked on every call against the clock;
 * this instance clears it on every accounts change, other instances see a change within
 * the TTL (revocation is therefore at most TTL late across instances; docs/operations.md).
 */
export class SessionCache {
  readonly #entries = new Map<string, { value: CachedCaller; at: number }>();
  readonly #loading = new Map<string, Promise<CachedCaller | undefined>>();
  /** Bumped by clear(): a lookup that began before a change must not refill the cache. */
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: string): CachedCaller | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (performance.now() - entry.at > this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: CachedCaller): void {
    if (this.ttlMs <= 0) return;
    // Oldest first out: Map keeps insertion order.
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, at: performance.now() });
  }

  /**
   * Looks a key up once however many requests miss it together: when an entry expires
   * under load, one query refills it instead of one per waiting request.
   */
  load(key: string, lookup: () => Promise<SessionLookup | undefined>): Promise<CachedCaller | undefined> {
    let pending = this.#loading.get(key);
    if (!pending) {
      const generation = this.#generation;
      pending = lookup()
        .then((found) => {
          if (!found) return undefined;
          const value: CachedCaller = { found, permissions: null };
          if (generation === this.#generation) this.set(key, value);
          return value;
        })
        .finally(() => this.#loading.delete(key));
      this.#loading.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
