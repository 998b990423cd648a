import { writeAudit, type AuditEvent } from '../../platform/audit';
import type { DbOrTx, Tx } from '../../platform/db/types';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict } from '../../platform/http/errors';
import type { ReviewDecision } from './points';
import { reviewTasksRepo, taskPosition, type TaskFilter, type TaskRow } from './review-tasks-repo';

export type { TaskFilter, TaskRow, TaskState } from './review-tasks-repo';

/** What a family submits to the reviewers. */
export interface TaskSubmission {
  subjectId: string;
  appId: string;
  teamId: string;
  kind: string;
  /** The developer's words on a request (a removal's reason). */
  reason?: string | null | undefined;
  /** What was submitted, for a subject that may change while the task waits. */
  snapshot?: Record<string, unknown> | null | undefined;
  submittedBy?: string | null | undefined;
}

function insertTask(tx: Tx, s: TaskSubmission, now: Date, id?: string): Promise<TaskRow> {
  return reviewTasksRepo.insert(tx, { ...s, ...(id ? { id } : {}), reason: s.reason ?? null, snapshot: s.snapshot ?? null, submittedBy: s.submittedBy ?? null, submittedAt: now });
}

/**
 * The reviewers' queue, one for every kind of subject (a version, a test version, an
 * immersive banner, a qualification; the age rating and moderation to come): a task is
 * opened, withdrawn by its owner or closed by a reviewer's decision, with one set of states
 * (open, approved, rejected, withdrawn) and every decision in the audit trail as
 * `review.approve` or `review.reject`, whatever the kind. The subject's own rules stay in
 * its family, which calls these inside its own transaction.
 */
export const reviewTasks = {
  open: (tx: Tx, s: TaskSubmission, now: Date): Promise<TaskRow> => insertTask(tx, s, now),

  /** Opens a task whose id the subject shares (a qualification is its own review). */
  openWithId: (tx: Tx, id: string, s: TaskSubmission, now: Date): Promise<TaskRow> => insertTask(tx, s, now, id),

  /** The subject's open task is withdrawn (its owner took it back); undefined when there is none. */
  async withdraw(tx: Tx, subjectId: string, now: Date): Promise<TaskRow | undefined> {
    const open = await reviewTasksRepo.openOf(tx, subjectId);
    return open ? reviewTasksRepo.update(tx, open.id, { state: 'withdrawn', decidedAt: now }) : undefined;
  },

  /** The developer asks the reviewers to hurry. */
  urge: (tx: Tx, taskId: string, now: Date): Promise<TaskRow> => reviewTasksRepo.update(tx, taskId, { urgedAt: now }),

  /** The subject's open task, if any. */
  openOf: (db: DbOrTx, subjectId: string): Promise<TaskRow | undefined> => reviewTasksRepo.openOf(db, subjectId),

  byId: (db: DbOrTx, id: string, lock = false): Promise<TaskRow | undefined> => reviewTasksRepo.byId(db, id, lock),

  byIds: (db: DbOrTx, ids: string[]): Promise<TaskRow[]> => reviewTasksRepo.byIds(db, ids),

  /** A task and its history go with the subject that is deleted. */
  remove: (tx: Tx, id: string): Promise<void> => reviewTasksRepo.remove(tx, id),

  /** A page of tasks with the cursor to the next one (see the repo for the orders). */
  async page(db: DbOrTx, f: TaskFilter, pageSize: number, cursor?: string | undefined): Promise<{ page: TaskRow[]; nextCursor: string | null }> {
    const rows = await reviewTasksRepo.page(db, f, pageSize + 1, cursor ? decodeCursor(cursor) : undefined);
    return pageOf(rows, pageSize, (t) => taskPosition(f, t));
  },

  /** Records a decision on a task still open; refused when another reviewer got there first. */
  async close(tx: Tx, taskId: string, d: ReviewDecision, actor: { id: string | null; kind?: AuditEvent['actorKind']; ip?: string | null }, now: Date): Promise<TaskRow> {
    const current = await reviewTasksRepo.byId(tx, taskId, true);
    if (current?.state !== 'open') {
      const state = current?.state ?? 'gone';
      throw conflict({ zh: `审核任务已处理（${state}）`, en: `The review task is already ${state}`, ru: `Задача проверки уже в состоянии ${state}` });
    }
    const approved = d.decision === 'approve';
    const closed = await reviewTasksRepo.update(tx, taskId, { state: approved ? 'approved' : 'rejected', reviewerId: actor.id, decidedAt: now, reasons: d.reasons, comment: d.comment ?? null });
    await writeAudit(tx, { now: () => now }, {
      action: approved ? 'review.approve' : 'review.reject',
      teamId: current.teamId,
      actorId: actor.id,
      actorKind: actor.kind ?? 'operator',
      ip: actor.ip ?? null,
      targetType: 'reviewTask',
      targetId: taskId,
      data: { kind: current.kind, subjectId: current.subjectId, appId: current.appId, reasons: d.reasons, comment: d.comment ?? null },
    });
    return closed;
  },
};
