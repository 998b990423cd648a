import type { Deps } from '../../platform/deps';
import { analyticsRepo } from './repo';
import { merge, type Summary } from './summary';

/** Summaries folded in one transaction: enough to keep up with a burst, small enough to hold locks briefly. */
const BATCH = 2000;

/**
 * Folds the summaries of stored batches into the daily counts, the device-days and the
 * devices, deleting them in the same transaction (each counts once, even with several
 * instances folding: they claim different rows). Returns how many it folded.
 */
export async function foldPending(deps: Pick<Deps, 'db'>, limit = BATCH): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const pending = await analyticsRepo.claimPending(tx, limit);
    if (!pending.length) return 0;
    const { daily, deviceDays, devices } = merge(pending.map((p) => ({ appId: p.appId, summary: p.summary as Summary })));
    await analyticsRepo.addDaily(tx, daily);
    await analyticsRepo.addDeviceDays(tx, deviceDays);
    await analyticsRepo.upsertDevices(tx, devices);
    await analyticsRepo.deletePending(tx, pending.map((p) => p.id));
    return pending.length;
  });
}

/** Folds until nothing is pending (a test, the bench, or a tick of the worker). */
export async function foldAll(deps: Pick<Deps, 'db'>): Promise<number> {
  let total = 0;
  for (let n = await foldPending(deps); n > 0; n = await foldPending(deps)) total += n;
  return total;
}
