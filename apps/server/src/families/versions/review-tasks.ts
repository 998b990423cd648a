import type { DbOrTx, Tx } from '../../platform/db/types';
import { conflict } from '../../platform/http/errors';
import type { ReviewActor, ReviewDecision } from './points';
import { downloadsRepo } from './downloads-repo';
import { versionsRepo, type TaskRow } from './repo';

/**
 * The reviewers' queue as other families use it for their subjects (REVIEW_SUBJECTS):
 * open a task, withdraw it, close it with a decision. The queue, its states and its
 * reviewers are one for every kind.
 */
export const reviewTasks = {
  open(tx: Tx, t: { subjectId: string; appId: string; teamId: string; kind: TaskRow['kind'] }, now: Date): Promise<TaskRow> {
    return versionsRepo.insertTask(tx, { versionId: t.subjectId, appId: t.appId, teamId: t.teamId, kind: t.kind, submittedAt: now });
  },

  /** The subject's open task is withdrawn (its owner took it back); nothing when there is none. */
  async withdraw(tx: Tx, subjectId: string, now: Date): Promise<void> {
    const open = await versionsRepo.openTask(tx, subjectId);
    if (open) await versionsRepo.updateTask(tx, open.id, { state: 'withdrawn', decidedAt: now });
  },

  /** The subject's open task, if any. */
  openOf: (db: DbOrTx, subjectId: string): Promise<TaskRow | undefined> => versionsRepo.openTask(db, subjectId),

  /** Records a decision on a task still open; refused when another reviewer got there first. */
  async close(tx: Tx, taskId: string, d: ReviewDecision, actor: Pick<ReviewActor, 'id'>, now: Date): Promise<TaskRow> {
    const current = await versionsRepo.task(tx, taskId);
    if (current?.state !== 'open') {
      const state = current?.state ?? 'gone';
      throw conflict({ zh: `审核任务已处理（${state}）`, en: `The review task is already ${state}`, ru: `Задача проверки уже в состоянии ${state}` });
    }
    return versionsRepo.updateTask(tx, taskId, { state: d.decision === 'approve' ? 'approved' : 'rejected', reviewerId: actor.id, decidedAt: now, reasons: d.reasons, comment: d.comment ?? null });
  },
};

/** Downloads of a version (or a test version) so far, all days and countries. */
export async function downloadCount(db: DbOrTx, versionId: string): Promise<number> {
  return (await downloadsRepo.downloads(db, versionId)).reduce((n, d) => n + d.count, 0);
}

/** One more download of a version (or a test version) today, in a country. */
export const countDownload = (db: DbOrTx, day: string, versionId: string, country: string): Promise<void> => downloadsRepo.countDownload(db, day, versionId, country);

/** The countries an app is offered in on shelf now, and those its version in preparation names. */
export async function appCountries(db: DbOrTx, appId: string): Promise<{ onShelf: string[]; preparing: string[] }> {
  return { onShelf: (await versionsRepo.current(db, appId))?.countries ?? [], preparing: (await versionsRepo.unreleased(db, appId))?.countries ?? [] };
}

/** The version's name as its package gave it, or null (none yet, or no such version). */
export async function versionNameOf(db: DbOrTx, versionId: string): Promise<string | null> {
  return (await versionsRepo.byIdAnyApp(db, versionId))?.versionName ?? null;
}
