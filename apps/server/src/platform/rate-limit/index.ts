import { lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/types';
import { rateLimitWindows } from './tables';

export interface RatePolicy {
  limit: number;
  windowMs: number;
}

export interface RateVerdict {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
  /** Whole seconds until then, at least 1 (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * A share of a window's limit an instance took at once: it hands these hits out without the
 * database until they run out. `full` once the shared count reached the limit: the rest of
 * the window is refused here without asking again.
 */
interface Lease {
  windowStart: number;
  left: number;
  /** The shared count right after this lease was taken. */
  total: number;
  full: boolean;
}

/** A limit of at least this many hits a window is counted in leases of 1 % (below it, one upsert per hit). */
export const LEASED_FROM = 200;
const LEASE_SHARE = 100;
const MAX_LEASES = 10_000;

/**
 * Fixed windows counted in the database every instance shares, so the sum over instances
 * never passes the limit (docs/kernel/rate-limits.md). Small limits (sign-ins, codes) cost
 * one atomic upsert per hit; large ones (devices, API clients) are taken by each instance
 * in leases of 1 % of the limit, one upsert per lease, and refused without the database
 * once the window is full.
 */
export class RateLimiter {
  readonly #leases = new Map<string, Lease>();
  readonly #taking = new Map<string, Promise<void>>();

  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async hit(key: string, policy: RatePolicy): Promise<RateVerdict> {
    const size = policy.limit >= LEASED_FROM ? Math.floor(policy.limit / LEASE_SHARE) : 1;
    for (;;) {
      const now = this.deps.clock.now().getTime();
      const windowStart = now - (now % policy.windowMs);
      const verdict = (allowed: boolean, used: number) => {
        const endsAt = windowStart + policy.windowMs;
        return { allowed, limit: policy.limit, remaining: Math.max(0, policy.limit - used), resetAt: new Date(endsAt), retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
      };
      if (size === 1) {
        const count = await this.#add(key, windowStart, policy.windowMs, 1);
        return verdict(count <= policy.limit, count);
      }
      const lease = this.#leases.get(key);
      if (lease && lease.windowStart === windowStart) {
        if (lease.left > 0) {
          lease.left -= 1;
          return verdict(true, lease.total - lease.left);
        }
        if (lease.full) return verdict(false, policy.limit);
      }
      // One lease at a time per key on this instance: the others wait for it, then take from it.
      const taking = this.#taking.get(key) ?? this.#take(key, windowStart, policy, size);
      this.#taking.set(key, taking);
      await taking;
    }
  }

  async #take(key: string, windowStart: number, policy: RatePolicy, size: number): Promise<void> {
    try {
      const total = await this.#add(key, windowStart, policy.windowMs, size);
      const granted = Math.max(0, Math.min(size, policy.limit - (total - size)));
      if (this.#leases.size >= MAX_LEASES) this.#leases.clear();
      this.#leases.set(key, { windowStart, left: granted, total, full: total >= policy.limit });
    } finally {
      this.#taking.delete(key);
    }
  }

  /** Adds `n` to the window's shared count, atomically; answers the new count. */
  async #add(key: string, windowStart: number, windowMs: number, n: number): Promise<number> {
    const [row] = await this.deps.db
      .insert(rateLimitWindows)
      .values({ key, windowStart, endsAt: windowStart + windowMs, count: n })
      .onConflictDoUpdate({ target: [rateLimitWindows.key, rateLimitWindows.windowStart], set: { count: sql`${rateLimitWindows.count} + ${n}` } })
      .returning({ count: rateLimitWindows.count });
    return row?.count ?? n;
  }

  /** Removes windows that have ended; answers how many. */
  async sweep(): Promise<number> {
    const gone = await this.deps.db.delete(rateLimitWindows).where(lt(rateLimitWindows.endsAt, this.deps.clock.now().getTime())).returning({ key: rateLimitWindows.key });
    return gone.length;
  }
}

/** A key names the policy class and who is counted, so classes never share a counter. */
export const rateKey = (policyClass: string, by: string, who: string) => `${policyClass}|${by}|${who}`;
