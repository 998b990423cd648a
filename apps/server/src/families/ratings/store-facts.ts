import type { RatingSummary } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { KeptReads } from '../../platform/kept-reads';
import { inStore } from '../versions/public';
import { summaryOf } from './present';
import { ratingsRepo } from './repo';

/**
 * What the store page's first page asks of an app besides its reviews: whether it is in
 * the store, and its readers' numbers (a count over every review, which grows with them).
 * Kept for DISTRIBUTION_CACHE_TTL_MS per instance, as the store's other facts are, and
 * forgotten here at once when this instance writes a review of the app.
 */
export class StoreFacts {
  readonly #kept: KeptReads<{ listed: boolean; summary: RatingSummary }>;
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'config'>) {
    this.#kept = new KeptReads(deps);
  }

  of(appId: string): Promise<{ listed: boolean; summary: RatingSummary }> {
    return this.#kept.get(appId, () => this.#read(appId));
  }

  forget(appId: string): void {
    this.#kept.forget(appId);
  }

  async #read(appId: string) {
    const { db } = this.deps;
    const listed = await inStore(db, appId);
    return { listed, summary: listed ? summaryOf(await ratingsRepo.distribution(db, appId, { states: ['visible'] })) : summaryOf([0, 0, 0, 0, 0]) };
  }
}
