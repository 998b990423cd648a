import type { Deps } from '../../platform/deps';
import { filesRepo } from './repo';

export const SWEEP_KIND = 'files.sweep';
const SWEEP_EVERY_MS = 3_600_000;
/** An upload still running after this long was cut off (the longest real one is far shorter). */
const STALE_UPLOAD_MS = 24 * 3_600_000;

/**
 * Hourly clean-up of what interrupted uploads leave: rows stuck in "uploading" with their
 * partial bytes, and multipart uploads past their expiry with their parts. It reschedules
 * itself, so exactly one sweep is pending however many instances run.
 */
export function registerSweep(deps: Deps): void {
  deps.dueActions.handle(SWEEP_KIND, async (tx) => {
    const now = deps.clock.now();
    for (const row of await filesRepo.staleUploads(tx, new Date(now.getTime() - STALE_UPLOAD_MS))) {
      await filesRepo.remove(tx, row.id);
      await deps.storage.delete(row.storageKey);
    }
    for (const session of await filesRepo.expiredSessions(tx, now)) {
      await filesRepo.removeSession(tx, session.id);
      for (let n = 1; n <= session.partCount; n += 1) await deps.storage.delete(`multipart/${session.id}/${n}`);
    }
    await filesRepo.removeExpiredTickets(tx, now);
    await scheduleSweep(deps, tx, new Date(now.getTime() + SWEEP_EVERY_MS));
  });
}

export async function scheduleSweep(deps: Deps, tx: Parameters<Deps['dueActions']['schedule']>[0], at: Date): Promise<void> {
  await deps.dueActions.schedule(tx, { kind: SWEEP_KIND, dueAt: at, dedupeKey: SWEEP_KIND });
}
