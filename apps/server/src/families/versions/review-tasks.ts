import type { DbOrTx, Tx } from '../../platform/db/types';
import { conflict } from '../../platform/http/errors';
import type { ReviewActor, ReviewDecision } from './points';
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
