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
 * Fixed windows counted in the database every instance shares: one atomic upsert per
 * hit, so the sum over instances never passes the limit (docs/kernel/rate-limits.md).
 */
export class RateLimiter {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async hit(key: string, policy: RatePolicy): Promise<RateVerdict> {
    const now = this.deps.clock.now().getTime();
    const windowStart = now - (now % policy.windowMs);
    const endsAt = windowStart + policy.windowMs;
    const [row] = await this.deps.db
      .insert(rateLimitWindows)
      .values({ key, windowStart, endsAt, count: 1 })
      .onConflictDoUpdate({ target: [rateLimitWindows.key, rateLimitWindows.windowStart], set: { count: sql`${rateLimitWindows.count} + 1` } })
      .returning({ count: rateLimitWindows.count });
    const count = row?.count ?? 1;
    return {
      allowed: count <= policy.limit,
      limit: policy.limit,
      remaining: Math.max(0, policy.limit - count),
      resetAt: new Date(endsAt),
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
    };
  }

  /** Removes windows that have ended; answers how many. */
  async sweep(): Promise<number> {
    const gone = await this.deps.db.delete(rateLimitWindows).where(lt(rateLimitWindows.endsAt, this.deps.clock.now().getTime())).returning({ key: rateLimitWindows.key });
    return gone.length;
  }
}

/** A key names the policy class and who is counted, so classes never share a counter. */
export const rateKey = (policyClass: string, by: string, who: string) => `${policyClass}|${by}|${who}`;
