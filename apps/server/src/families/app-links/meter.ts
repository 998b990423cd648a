import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/types';
import { appLinksRepo as repo, type StatRow } from './repo';

export type CountKind = StatRow['kind'];
export interface Slice {
  platform: string;
  country: string;
  referrer: string;
}

/**
 * Clicks, first opens and re-opens counted in memory and added to the day's slices in
 * batches (a periodic flush on every instance, one more at close): a click asks nothing of
 * the database for its statistics. A crash loses at most one interval's counts.
 */
export class LinkMeter {
  #pending = new Map<string, StatRow>();

  constructor(private readonly clock: Clock) {}

  count(linkId: string, kind: CountKind, slice: Slice): void {
    const day = this.clock.now().toISOString().slice(0, 10);
    const key = `${linkId}|${day}|${kind}|${slice.platform}|${slice.country}|${slice.referrer}`;
    const entry = this.#pending.get(key);
    if (entry) entry.count += 1;
    else this.#pending.set(key, { linkId, day, kind, ...slice, count: 1 });
  }

  /** Writes what was counted in one transaction; counts of a link deleted meanwhile go with it. */
  async flush(db: Db): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    const clicks = new Map<string, number>();
    for (const r of batch) if (r.kind === 'click') clicks.set(r.linkId, (clicks.get(r.linkId) ?? 0) + r.count);
    await db.transaction(async (tx) => {
      await repo.addStats(tx, batch);
      await repo.addClicks(tx, clicks);
    });
  }
}
