import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { packagesRepo } from './repo';

export const FAILED_SWEEP_KIND = 'packages.sweepFailed';
const SWEEP_EVERY_MS = 3_600_000;
/** A package that failed its checks stays this long, so its reason can be read, then goes. */
export const FAILED_PACKAGE_KEEP_MS = 7 * 24 * 3_600_000;
const BATCH = 500;

/**
 * Hourly removal of packages whose parse or checks failed more than a week ago: they can
 * never be used (a version takes parsed packages only) and only crowd the package list. Each
 * removal is audited as the platform's. It reschedules itself, so one sweep is pending
 * however many instances run.
 */
export function registerFailedSweep(deps: Deps): void {
  deps.dueActions.handle(FAILED_SWEEP_KIND, async (tx) => {
    const now = deps.clock.now();
    for (const row of await packagesRepo.failedBefore(tx, new Date(now.getTime() - FAILED_PACKAGE_KEEP_MS), BATCH)) {
      await packagesRepo.remove(tx, row.id);
      await writeAudit(tx, deps.clock, { action: 'package.delete', teamId: row.teamId, actorKind: 'system', targetType: 'package', targetId: row.id, data: { appId: row.appId, fileName: row.fileName, failedAt: row.parsedAt?.toISOString() ?? null } });
    }
    await scheduleFailedSweep(deps, tx, new Date(now.getTime() + SWEEP_EVERY_MS));
  });
}

export async function scheduleFailedSweep(deps: Deps, tx: Parameters<Deps['dueActions']['schedule']>[0], at: Date): Promise<void> {
  await deps.dueActions.schedule(tx, { kind: FAILED_SWEEP_KIND, dueAt: at, dedupeKey: FAILED_SWEEP_KIND });
}
