import { randomUUID } from 'node:crypto';
import type { PermissionName } from '@wharf/contract';
import type { PubSub } from '../../../platform/pubsub';
import type { SessionLookup } from '../repo/sessions';

/** Told to every instance when one clears its cache (a sign-out, role or membership change). */
const SESSIONS_CHANGED = 'accounts.sessions-changed';

export interface CachedCaller {
  found: SessionLookup;
  permissions: Set<PermissionName> | null;
}

/**
 * A short-lived cache of session lookups, so an authenticated call costs no database
 * round trip most of the time. Expiry is still checked on every call against the clock;
 * this instance clears it on every accounts change and tells the others through pub/sub,
 * which clear theirs when the message arrives; one that misses it (pub/sub keeps nothing)
 * sees the change within the TTL (docs/operations.md).
 */
export class SessionCache {
  readonly #entries = new Map<string, { value: CachedCaller; at: number }>();
  readonly #loading = new Map<string, Promise<CachedCaller | undefined>>();
  /** Bumped by clear(): a lookup that began before a change must not refill the cache. */
  #generation = 0;

  /** Tells this instance's own messages from the others'. */
  readonly #instance = randomUUID();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
    private readonly pubsub: PubSub | null = null,
  ) {
    pubsub?.subscribe(SESSIONS_CHANGED, (payload) => {
      const { from, sessionId } = payload as { from?: string; sessionId?: string };
      if (from === this.#instance) return;
      if (sessionId) this.#forgetHere(sessionId);
      else this.#clearHere();
    });
  }

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

  /** Called after a change has committed. */
  clear(): void {
    this.#clearHere();
    if (this.ttlMs > 0) this.pubsub?.publish(SESSIONS_CHANGED, { from: this.#instance }).catch(() => undefined);
  }

  /**
   * After one session's own change (refresh, sign-out): the others' entries stay, here and
   * on the other instances, so a console's periodic refresh does not empty every cache.
   */
  forgetSession(sessionId: string): void {
    this.#forgetHere(sessionId);
    if (this.ttlMs > 0) this.pubsub?.publish(SESSIONS_CHANGED, { from: this.#instance, sessionId }).catch(() => undefined);
  }

  #forgetHere(sessionId: string): void {
    // A lookup of this session that is under way must not refill it from before the change.
    this.#generation += 1;
    this.#loading.clear();
    for (const [key, entry] of this.#entries) if (entry.value.found.session.id === sessionId) this.#entries.delete(key);
  }

  #clearHere(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#loading.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
