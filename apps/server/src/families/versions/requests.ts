import { RELEASE_KIND, releaseKey } from './decisions';
import { AppError, conflict, invalidInput } from '../../platform/http/errors';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { URGE_INTERVAL_MS } from '@wharf/rules';
import { noRollbackRefusal, type Lang } from './present';
import { versionsRepo, type VersionRow } from './repo';
import { reviewTasks } from './review-tasks';
import { actorOf, SYSTEM } from './transitions';
import type { VersionsService } from './service';

/** What a developer asks of a version once it is submitted or on shelf: its time, withdrawals, removal, rollback, urging. */
export class VersionRequests {
  constructor(
    private readonly deps: Deps,
    private readonly v: Pick<VersionsService, 'find' | 'present' | 'move' | 'write' | 'goOnShelf' | 'decideInTx'>,
  ) {}

  async cancelOnShelf(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const updated = await this.v.write(row.id, async (tx) => {
      const moved = await this.v.move(tx, row, 'cancelOnShelf', actorOf(caller));
      await reviewTasks.withdraw(tx, row.id, clock.now());
      await this.deps.dueActions.cancel(tx, releaseKey(row.id));
      return moved;
    });
    return { version: await this.v.present(db, updated, lang) };
  }

  async onShelfTime(caller: Caller, appId: string, versionId: string, input: { releaseAt?: string | undefined; now?: boolean | undefined }, lang: Lang) {
    const { db, clock, dueActions } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const updated = await this.v.write(row.id, async (tx) => {
      if (input.now) return this.v.goOnShelf(tx, row, 'releaseNow', actorOf(caller));
      const at = new Date(input.releaseAt!);
      if (at.getTime() <= clock.now().getTime()) throw invalidInput({ zh: '参数不合法：releaseAt 必须是将来的时间', en: 'Invalid input: releaseAt must be in the future', ru: 'Недопустимые параметры: releaseAt должно быть в будущем' });
      const moved = await this.v.move(tx, row, 'changeReleaseTime', actorOf(caller), { set: { releaseAt: at }, data: { releaseAt: at.toISOString() } });
      await dueActions.schedule(tx, { kind: RELEASE_KIND, dueAt: at, payload: { versionId: row.id }, dedupeKey: releaseKey(row.id) });
      return moved;
    });
    return { version: await this.v.present(db, updated, lang) };
  }

  /** Opens a reviewed request (shelf-off, rollback) on an on-shelf version. */
  async request(caller: Caller, appId: string, versionId: string, kind: 'shelfOff' | 'rollback', reason: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const now = clock.now();
    const updated = await this.v.write(row.id, async (tx) => {
      let moved: VersionRow;
      if (kind === 'rollback') {
        const phase = row.releaseType === 'phased' ? await versionsRepo.phase(tx, row.id) : undefined;
        if (phase && phase.state !== 'completed') {
          throw conflict({ zh: '分阶段发布的版本请使用终止分阶段发布', en: 'A version in phased release is not rolled back this way; terminate its phased release (ROLLBACK) instead', ru: 'Версию в поэтапном выпуске так не откатить; прекратите её поэтапный выпуск (ROLLBACK)' });
        }
        moved = await this.v.move(tx, row, 'requestRollback', actorOf(caller), { set: { rollbackPending: true }, data: { reason } });
        if (!(await versionsRepo.previousOnShelf(tx, row.appId, row.id))) {
          throw conflict({ zh: '没有可以回退到的上一个上架版本', en: 'There is no previous on-shelf version to roll back to', ru: 'Нет предыдущей версии в продаже, к которой можно откатиться' });
        }
      } else {
        moved = await this.v.move(tx, row, 'requestShelfOff', actorOf(caller), { data: { reason } });
      }
      const task = await reviewTasks.open(tx, { subjectId: row.id, appId, teamId: row.teamId, kind, reason }, now);
      if (!this.deps.config.autoApprove) return moved;
      return (await this.v.decideInTx(tx, task.id, { decision: 'approve', reasons: [] }, SYSTEM)).version;
    });
    return { version: await this.v.present(db, updated, lang) };
  }

  async cancelShelfOff(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const updated = await this.v.write(row.id, async (tx) => {
      const moved = await this.v.move(tx, row, 'cancelShelfOff', actorOf(caller));
      await reviewTasks.withdraw(tx, row.id, clock.now());
      return moved;
    });
    return { version: await this.v.present(db, updated, lang) };
  }

  /** Withdraws the rollback request under review: the version stays on shelf, its task is withdrawn. */
  async cancelRollback(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const updated = await this.v.write(row.id, async (tx) => {
      const locked = (await versionsRepo.lock(tx, row.id)) ?? row;
      // Name the state: there is nothing to withdraw unless a rollback is under review.
      if (!locked.supersededAt && !locked.rollbackPending) throw conflict(noRollbackRefusal(locked));
      const moved = await this.v.move(tx, locked, 'cancelRollback', actorOf(caller), { set: { rollbackPending: false } });
      const open = await reviewTasks.openOf(tx, row.id);
      if (open?.kind === 'rollback') await reviewTasks.withdraw(tx, row.id, clock.now());
      return moved;
    });
    return { version: await this.v.present(db, updated, lang) };
  }

  async urge(caller: Caller, appId: string, versionId: string, lang: Lang) {
    const { db, clock } = this.deps;
    const { row } = await this.v.find(caller, appId, versionId);
    const now = clock.now();
    const updated = await this.v.write(row.id, async (tx) => {
      const moved = await this.v.move(tx, row, 'urge', actorOf(caller));
      const open = await reviewTasks.openOf(tx, row.id);
      if (!open) throw conflict({ zh: '没有待审核的任务', en: 'There is no open review to urge', ru: 'Нет открытой проверки, которую можно поторопить' });
      if (open.urgedAt && now.getTime() - open.urgedAt.getTime() < URGE_INTERVAL_MS) {
        const next = new Date(open.urgedAt.getTime() + URGE_INTERVAL_MS);
        throw new AppError(
          'rateLimited',
          { zh: `每天只能催审一次，下次可在 ${next.toISOString()} 之后催审`, en: `A review can be urged once a day; next possible at ${next.toISOString()}`, ru: `Поторопить проверку можно раз в сутки; в следующий раз — после ${next.toISOString()}` },
          { 'Retry-After': String(Math.ceil((next.getTime() - now.getTime()) / 1000)) },
        );
      }
      await reviewTasks.urge(tx, open.id, now);
      return moved;
    });
    return { version: await this.v.present(db, updated, lang) };
  }
}
