import { RELEASE_STATE } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/http/errors';
import type { PhasedService } from './phased';
import type { Actor, VersionTransitions } from './transitions';
import { versionsRepo, type VersionRow } from './repo';
import { reviewTasks, type TaskRow } from './review-tasks';
import { appById, markAppReleased, markAppUnlisted } from '../apps/public';

export const RELEASE_KIND = 'versions.release';
export const releaseKey = (versionId: string) => `version-release:${versionId}`;

export type Decision = { decision: 'approve' | 'reject'; releaseAt?: string | undefined; reasons: string[]; comment?: string | undefined };

/**
 * What a reviewer's decision does to a version (approve, reject, shelf-off, rollback), and
 * going on shelf, which a decision, a release time and a developer's "release now" share.
 * The caller holds the transaction and the version's turn.
 */
export class VersionDecisions {
  constructor(
    private readonly deps: Deps,
    private readonly t: Pick<VersionTransitions, 'move' | 'record'>,
    private readonly phased: Pick<PhasedService, 'onShelf'>,
  ) {}

  async goOnShelf(tx: Tx, row: VersionRow, action: 'approve' | 'releaseNow' | 'release', actor: Actor, data: Record<string, unknown> = {}): Promise<VersionRow> {
    const now = this.deps.clock.now();
    const previous = await versionsRepo.current(tx, row.appId);
    if (previous && previous.id !== row.id) {
      await versionsRepo.update(tx, previous.id, { supersededAt: now, rollbackPending: false, updatedAt: now });
      await reviewTasks.withdraw(tx, previous.id, now);
      await this.t.record(tx, previous, 'superseded', actor, previous.releaseState, previous.releaseState, { by: row.id });
    }
    const updated = await this.t.move(tx, row, action, actor, { set: { onShelfAt: now, rejection: null }, data });
    await this.deps.dueActions.cancel(tx, releaseKey(row.id));
    if (updated.releaseType === 'phased') await this.phased.onShelf(tx, updated, actor);
    // On shelf means released, whatever the development status said before.
    await markAppReleased(this.deps, tx, row.appId, now);
    return updated;
  }

  /** Decides an open task; the caller holds the transaction. */
  async decideInTx(tx: Tx, taskId: string, d: Decision, actor: Actor): Promise<{ version: VersionRow; task: TaskRow }> {
    const { clock, dueActions } = this.deps;
    const now = clock.now();
    const found = await reviewTasks.byId(tx, taskId);
    if (!found) throw notFound({ zh: '审核任务不存在', en: 'No such review task', ru: 'Такой задачи проверки нет' });
    // The version lock orders this decision after any developer change of the same version.
    const row = await versionsRepo.lock(tx, found.subjectId);
    if (!row || !(await appById(tx, found.teamId, found.appId))) throw notFound({ zh: '该任务的应用或版本已被删除', en: 'The app or version of this task was deleted', ru: 'Приложение или версия этой задачи удалены' });
    const task = (await reviewTasks.byId(tx, taskId))!;
    if (task.state !== 'open') throw conflict({ zh: `审核任务已处理（${task.state}）`, en: `The review task is already ${task.state}`, ru: `Задача проверки уже в состоянии ${task.state}` });
    const approve = d.decision === 'approve';
    const data = { taskId, reasons: d.reasons, comment: d.comment ?? null };
    let version: VersionRow;
    switch (task.kind) {
      case 'release':
      case 'update': {
        if (approve) {
          const releaseAt = d.releaseAt ? new Date(d.releaseAt) : row.releaseAt;
          const ahead = !!releaseAt && releaseAt.getTime() > now.getTime();
          if (ahead) {
            version = await this.t.move(tx, row, 'approve', actor, { releaseTimeAhead: true, set: { releaseAt, rejection: null }, data: { ...data, releaseAt: releaseAt.toISOString() } });
            await dueActions.schedule(tx, { kind: RELEASE_KIND, dueAt: releaseAt, payload: { versionId: row.id }, dedupeKey: releaseKey(row.id) });
          } else {
            version = await this.goOnShelf(tx, row, 'approve', actor, data);
          }
        } else {
          version = await this.t.move(tx, row, 'reject', actor, { set: { rejection: { reasons: d.reasons, comment: d.comment ?? null, at: now.toISOString() } }, data });
        }
        break;
      }
      case 'shelfOff': {
        if (approve) {
          // The app leaves the store; the version becomes history and a new version starts from it.
          version = await this.t.move(tx, row, 'approveShelfOff', actor, { set: { supersededAt: now }, data });
          await markAppUnlisted(this.deps, tx, row.appId, now);
        } else {
          version = await this.t.move(tx, row, 'rejectShelfOff', actor, { data: { ...data, via: 9 } });
        }
        break;
      }
      case 'rollback': {
        if (approve) {
          const previous = await versionsRepo.previousOnShelf(tx, row.appId, row.id);
          if (!previous) throw conflict({ zh: '没有可以回退到的上一个上架版本', en: 'There is no previous on-shelf version to roll back to', ru: 'Нет предыдущей версии в продаже, к которой можно откатиться' });
          version = await this.t.move(tx, row, 'approveRollback', actor, { set: { rollbackPending: false, supersededAt: now }, data: { ...data, to: previous.id } });
          const restored = await versionsRepo.update(tx, previous.id, { supersededAt: null, updatedAt: now });
          await this.t.record(tx, restored, 'restoredByRollback', actor, RELEASE_STATE.onShelf, RELEASE_STATE.onShelf, { from: row.id });
        } else {
          version = await this.t.move(tx, row, 'rejectRollback', actor, { set: { rollbackPending: false }, data });
        }
        break;
      }
      default:
        throw new Error(`unknown task kind ${task.kind}`);
    }
    const decided = await reviewTasks.close(tx, task.id, d, actor, now);
    return { version, task: decided };
  }
}
