import type { RatingSummary } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { inStore } from '../versions/public';
import { summaryOf } from './present';
import { ratingsRepo } from './repo';

const MAX_APPS = 10_000;

/**
 * What the store page's first page asks of an app besides its reviews: whether it is in
 * the store, and its readers' numbers (a count over every review, which grows with them).
 * Kept for DISTRIBUTION_CACHE_TTL_MS per instance, as the store's other facts are, and
 * forgotten here at once when this instance writes a review of the app.
 */
export class StoreFacts {
  readonly #kept = new Map<string, { expires: number; value: Promise<{ listed: boolean; summary: RatingSummary }> }>();
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'config'>) {}

  of(appId: string): Promise<{ listed: boolean; summary: RatingSummary }> {
    const ttl = this.deps.config.distributionCacheTtlMs;
    if (ttl === 0) return this.#read(appId);
    const now = this.deps.clock.now().getTime();
    const hit = this.#kept.get(appId);
    if (hit && hit.expires > now) return hit.value;
    const value = this.#read(appId);
    value.catch(() => this.#kept.delete(appId));
    this.#kept.delete(appId);
    this.#kept.set(appId, { expires: now + ttl, value });
    if (this.#kept.size > MAX_APPS) this.#kept.delete(this.#kept.keys().next().value!);
    return value;
  }

  forget(appId: string): void {
    this.#kept.delete(appId);
  }

  async #read(appId: string) {
    const { db } = this.deps;
    const listed = await inStore(db, appId);
    return { listed, summary: listed ? summaryOf(await ratingsRepo.distribution(db, appId, { states: ['visible'] })) : summaryOf([0, 0, 0, 0, 0]) };
  }
}
