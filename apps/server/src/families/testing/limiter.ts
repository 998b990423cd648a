import type { Clock } from '../../platform/clock';

/**
 * A fixed-window counter per key (the caller's address), per instance: it slows down
 * guessing invitation codes and tester tokens; the global limit still applies on top.
 */
export class WindowLimiter {
  readonly #hits = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a hit; returns the seconds to wait when over the limit, else null. */
  hit(key: string): number | null {
    const now = this.clock.now().getTime();
    const entry = this.#hits.get(key);
    if (!entry || now - entry.windowStart >= this.windowMs) {
      if (this.#hits.size > 50_000) this.#hits.clear();
      this.#hits.set(key, { windowStart: now, count: 1 });
      return null;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.windowStart + this.windowMs - now) / 1000) : null;
  }
}
