import type { Db } from '../../platform/db/types';
import type { Clock } from '../../platform/clock';
import { storageRepo } from './repo';

/**
 * Downloads counted in memory and added to the day's usage in batches (a periodic flush on
 * every instance, and one more at close): a download asks nothing of the database for its
 * accounting. A crash loses at most one interval's counts.
 */
export class DownloadMeter {
  #pending = new Map<string, { bucketId: string; day: string; downloads: number; bytes: number }>();

  constructor(private readonly clock: Clock) {}

  count(bucketId: string, bytes: number): void {
    const day = this.clock.now().toISOString().slice(0, 10);
    const key = `${bucketId}|${day}`;
    const entry = this.#pending.get(key);
    if (entry) {
      entry.downloads += 1;
      entry.bytes += bytes;
    } else this.#pending.set(key, { bucketId, day, downloads: 1, bytes });
  }

  async flush(db: Db): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    for (const e of batch) {
      // A bucket deleted meanwhile takes its counts with it.
      await storageRepo.addUsage(db, e.bucketId, e.day, { downloads: e.downloads, downloadBytes: e.bytes }).catch(() => undefined);
    }
  }
}
