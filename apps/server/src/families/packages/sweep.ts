import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { JOB_ATTEMPTS } from '../../platform/jobs';
import type { Config } from '../../config';
import { packagesRepo } from './repo';
import { PARSE_QUEUE } from './service';

export const FAILED_SWEEP_KIND = 'packages.sweepFailed';
const SWEEP_EVERY_MS = 3_600_000;
/** A package that failed its checks stays this long, so its reason can be read, then goes. */
export const FAILED_PACKAGE_KEEP_MS = 7 * 24 * 3_600_000;
/**
 * A package still parsing this long after its upload lost its parse job: the job's attempts
 * (JOB_ATTEMPTS, each given up after JOB_EXPIRE_SECONDS) would have ended it by then, as
 * parsed or as failed. Its job was never sent: the process died between the package's
 * insert and the job's, or the send failed. Twice the longest the attempts take, and at
 * least two hours (the default: 4 × 15 minutes, doubled).
 */
export const strandedParseAfterMs = (config: Pick<Config, 'jobExpireSeconds'>) => Math.max(2 * 3_600_000, 2 * JOB_ATTEMPTS * config.jobExpireSeconds * 1000);
const BATCH = 500;

/**
 * The hourly packages sweep. It removes packages whose parse or checks failed more than a
 * week ago: they can never be used (a version takes parsed packages only) and only crowd the
 * package list; each removal is audited as the platform's. And it sends again the parse job
 * of each package left parsing (strandedParseAfterMs), once the sweep has committed; a
 * parse that runs twice finishes once (`packagesRepo.finishParse`). It reschedules itself,
 * so one sweep is pending however many instances run.
 */
export function registerFailedSweep(deps: Deps): void {
  deps.dueActions.handle(FAILED_SWEEP_KIND, async (tx, _payload, { afterCommit }) => {
    const now = deps.clock.now();
    for (const row of await packagesRepo.failedBefore(tx, new Date(now.getTime() - FAILED_PACKAGE_KEEP_MS), BATCH)) {
      await packagesRepo.remove(tx, row.id);
      await writeAudit(tx, deps.clock, { action: 'package.delete', teamId: row.teamId, actorKind: 'system', targetType: 'package', targetId: row.id, data: { appId: row.appId, fileName: row.fileName, failedAt: row.parsedAt?.toISOString() ?? null } });
    }
    const stranded = await packagesRepo.parsingSince(tx, new Date(now.getTime() - strandedParseAfterMs(deps.config)), BATCH);
    if (stranded.length) {
      deps.log.warn({ packages: stranded.length }, 'packages left parsing without a parse job: sending their jobs again');
      afterCommit(() => Promise.all(stranded.map(({ id }) => deps.jobs.send(PARSE_QUEUE, { pkgId: id }))));
    }
    await scheduleFailedSweep(deps, tx, new Date(now.getTime() + SWEEP_EVERY_MS));
  });
}

export async function scheduleFailedSweep(deps: Deps, tx: Parameters<Deps['dueActions']['schedule']>[0], at: Date): Promise<void> {
  await deps.dueActions.schedule(tx, { kind: FAILED_SWEEP_KIND, dueAt: at, dedupeKey: FAILED_SWEEP_KIND });
}
