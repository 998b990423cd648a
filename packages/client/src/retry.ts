/** How the SDK tries again after a transient failure. */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait, doubled at each try (full jitter), in milliseconds. */
  baseMs: number;
  /** No wait is longer, a server's `Retry-After` included. */
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseMs: 300, maxMs: 30_000 };

/**
 * The wait before try `attempt + 1`: the server's `Retry-After` when it gave one, else
 * exponential backoff with full jitter (a random wait up to the doubled base), so that
 * a thousand devices that failed together do not come back together.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(policy.maxMs, retryAfterMs);
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** (attempt - 1));
  return Math.round(random() * ceiling);
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds from `nowMs`. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
