import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { lostJobAfterMs } from '../../platform/jobs';
import { packagesRepo } from './repo';
import { PARSE_QUEUE } from './service';
import { CLAIM_QUEUE } from './claims';

export const FAILED_SWEEP_KIND = 'packages.sweepFailed';
const SWEEP_EVERY_MS = 3_600_000;
/** A package that failed its checks stays this long, so its reason can be read, then goes. */
export const FAILED_PACKAGE_KEEP_MS = 7 * 24 * 3_600_000;
const BATCH = 500;

/**
 * The hourly packages sweep. It removes packages whose parse or checks failed more than a
 * week ago: they can never be used (a version takes parsed packages only) and only crowd the
 * package list; each removal is audited as the platform's. And it sends again the job of each
 * package left parsing and each claim left verifying (platform/jobs.ts `lostJobAfterMs`),
 * once the sweep has committed; a parse that runs twice finishes once
 * (`packagesRepo.finishParse`), and a claim's check moves it only from verifying. It
 * reschedules itself, so one sweep is pending however many instances run.
 */
export function registerFailedSweep(deps: Deps): void {
  deps.dueActions.handle(FAILED_SWEEP_KIND, async (tx, _payload, { afterCommit }) => {
    const now = deps.clock.now();
    for (const row of await packagesRepo.failedBefore(tx, new Date(now.getTime() - FAILED_PACKAGE_KEEP_MS), BATCH)) {
      await packagesRepo.remove(tx, row.id);
      await writeAudit(tx, deps.clock, { action: 'package.delete', teamId: row.teamId, actorKind: 'system', targetType: 'package', targetId: row.id, data: { appId: row.appId, fileName: row.fileName, failedAt: row.parsedAt?.toISOString() ?? null } });
    }
    const strandedBefore = new Date(now.getTime() - lostJobAfterMs(deps.config.jobExpireSeconds));
    const parses = await packagesRepo.parsingSince(tx, strandedBefore, BATCH);
    const claims = await packagesRepo.claimsVerifyingSince(tx, strandedBefore, BATCH);
    if (parses.length || claims.length) {
      deps.log.warn({ packages: parses.length, claims: claims.length }, 'packages left parsing or claims left verifying without their job: sending the jobs again');
      afterCommit(() =>
        Promise.all([...parses.map(({ id }) => deps.jobs.send(PARSE_QUEUE, { pkgId: id })), ...claims.map(({ id }) => deps.jobs.send(CLAIM_QUEUE, { claimId: id }))]),
      );
    }
    await scheduleFailedSweep(deps, tx, new Date(now.getTime() + SWEEP_EVERY_MS));
  });
}

export async function scheduleFailedSweep(deps: Deps, tx: Parameters<Deps['dueActions']['schedule']>[0], at: Date): Promise<void> {
  await deps.dueActions.schedule(tx, { kind: FAILED_SWEEP_KIND, dueAt: at, dedupeKey: FAILED_SWEEP_KIND });
}
