import { writeAudit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db/types';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { appById, appsByIds } from '../apps/public';
import { adoptAgeRating, reviewTasks, type ReviewActor, type TaskRow } from '../versions/public';
import { snapshotOf, taskOut } from './present';
import { ageRatingRepo } from './repo';
import { AGE_RATING_TASK } from './kind';

const NO_TASK = { zh: '审核任务不存在', en: 'No such review task', ru: 'Такой задачи проверки нет' };

type Decision = { decision: 'approve' | 'reject'; comment?: string | undefined };

/**
 * Closes an open task of this kind (its app's row locked by the caller): approved, the change
 * takes effect and the app's versions being edited take its age; rejected, the team reads why.
 */
export async function decideInTx(deps: Pick<Deps, 'clock'>, tx: Tx, open: TaskRow, d: Decision, actor: ReviewActor): Promise<TaskRow> {
  const { clock } = deps;
  const now = clock.now();
  const approved = d.decision === 'approve';
  const closed = await reviewTasks.close(tx, open.id, { decision: d.decision, reasons: [], comment: d.comment }, actor, now);
  const { declaration } = snapshotOf(open);
  const cleared = { pending: null, pendingTaskId: null, pendingAt: null, updatedAt: now };
  if (approved) {
    await ageRatingRepo.update(tx, open.appId, { ...cleared, current: declaration, rejection: null });
    await adoptAgeRating(tx, open.appId, declaration.age);
  } else {
    await ageRatingRepo.update(tx, open.appId, { ...cleared, rejection: { comment: d.comment ?? '', at: now.toISOString() } });
  }
  await writeAudit(tx, clock, { action: approved ? 'ageRating.approve' : 'ageRating.reject', teamId: open.teamId, actorId: actor.id, ip: actor.ip, actorKind: actor.kind, targetType: 'app', targetId: open.appId, data: { taskId: open.id, age: declaration.age, comment: d.comment ?? null } });
  return closed;
}

/** The reviewers' side: the queue of age-rating changes of released apps, and the decision. */
export class AgeRatingReview {
  constructor(
    private readonly deps: Deps,
    private readonly changed: (appId: string) => void = () => undefined,
  ) {}

  private async tasksOut(rows: TaskRow[]) {
    const apps = new Map((await appsByIds(this.deps.db, rows.map((r) => r.appId))).map((a) => [a.id, a]));
    return rows.map((r) => taskOut(r, apps.get(r.appId)));
  }

  async queue(q: { state: string; pageSize: number; cursor?: string | undefined }) {
    const { page, nextCursor } = await reviewTasks.page(this.deps.db, { kinds: [AGE_RATING_TASK], state: q.state }, q.pageSize, q.cursor);
    return { items: await this.tasksOut(page), nextCursor };
  }

  async decide(caller: Caller, d: { taskId: string; decision: 'approve' | 'reject'; comment?: string | undefined }) {
    const { db, clock } = this.deps;
    const task = await db.transaction(async (tx) => {
      const found = await reviewTasks.byId(tx, d.taskId);
      if (found?.kind !== AGE_RATING_TASK) throw notFound(NO_TASK);
      const app = await appById(tx, found.teamId, found.appId);
      if (!app) throw notFound({ zh: '该任务的应用已被删除', en: 'The app of this task was deleted', ru: 'Приложение этой задачи удалено' });
      // The app's row before the task, the order a developer's change takes them in.
      const now = clock.now();
      const row = await ageRatingRepo.lock(tx, found.appId, found.teamId, now);
      const open = (await reviewTasks.byId(tx, found.id))!;
      if (open.state !== 'open' || row.pendingTaskId !== open.id) throw conflict({ zh: `该审核任务已结束（${open.state}）`, en: `The review task is ${open.state} already`, ru: `Задача проверки уже в состоянии ${open.state}` });
      return decideInTx(this.deps, tx, open, d, { id: caller.userId, kind: 'operator', ip: caller.ip });
    });
    this.changed(task.appId);
    return { task: (await this.tasksOut([task]))[0]! };
  }
}
