import { createHash } from 'node:crypto';
import type { PhasedRelease } from '@wharf/contract';
import { EDITABLE_STATES, LIVE_STATES, RELEASE_STATE, PHASE_MAX_DAYS, PHASE_STATE_NAMES, type PhaseAction, type PhaseState, phaseTransition, type ReleaseState } from '@wharf/rules';
import type { Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, invalidInput } from '../../platform/http/errors';
import { stateRefusal } from './present';
import { versionsRepo, type PhaseRow, type VersionRow } from './repo';
import { reviewTasks } from './review-tasks';
import type { VersionReads } from './reading';
import { actorOf, type Actor, type VersionTransitions } from './transitions';
import { markAppUnlisted } from '../apps/public';

export const PHASE_START_KIND = 'versions.phaseStart';
export const PHASE_END_KIND = 'versions.phaseEnd';
const startKey = (id: string) => `phase-start:${id}`;
const endKey = (id: string) => `phase-end:${id}`;
const DAY_MS = 24 * 3600_000;

/** A device's stable bucket (0–9999) for one phased version: raising the percentage only adds devices. */
export function bucketOf(appId: string, versionId: string, deviceId: string): number {
  return createHash('sha256').update(`${appId}\n${versionId}\n${deviceId}`).digest().readUInt32BE(0) % 10_000;
}

export function phaseOut(p: PhaseRow): PhasedRelease {
  return {
    versionId: p.versionId,
    state: p.state as PhaseState,
    percent: p.percentBp / 100,
    startAt: p.startAt.toISOString(),
    endAt: p.endAt.toISOString(),
    description: p.description,
    updatedAt: p.updatedAt.toISOString(),
  };
}

const isLive = (row: VersionRow) => !row.supersededAt && LIVE_STATES.includes(row.releaseState as ReleaseState);

export interface PhaseChange {
  state: 'UPDATE' | 'SUSPEND' | 'RESUME' | 'RELEASE' | 'ROLLBACK';
  percent?: number | undefined;
  startAt?: string | undefined;
  endAt?: string | undefined;
  description?: string | undefined;
}

/** Phased releases: settings while drafting, state changes while live, the clock's start and end. */
export class PhasedService {
  constructor(
    private readonly deps: Deps,
    /** What a phase change needs of the versions: finding one the caller may see, and moving it. */
    private readonly versions: { find: VersionReads['find']; move: VersionTransitions['move']; record: VersionTransitions['record'] },
  ) {}

  async change(caller: Caller, appId: string, versionId: string, c: PhaseChange): Promise<{ phasedRelease: PhasedRelease }> {
    const { row } = await this.versions.find(caller, appId, versionId);
    const actor: Actor = actorOf(caller);
    const phase = await this.deps.db.transaction(async (tx) => {
      const locked = (await versionsRepo.lock(tx, row.id))!;
      const current = await versionsRepo.phase(tx, row.id);
      if (c.state === 'UPDATE') return this.update(tx, locked, current, c, actor);
      if (!current || !isLive(locked)) {
        throw conflict({ zh: `版本不在分阶段发布中（releaseState ${locked.releaseState}）`, en: `The version is not in a phased release on shelf (releaseState ${locked.releaseState})`, ru: `Версия не в поэтапном выпуске в продаже (releaseState ${locked.releaseState})` });
      }
      return this.apply(tx, locked, current, c.state, actor);
    });
    return { phasedRelease: phaseOut(phase) };
  }

  private period(startAt: Date, endAt: Date): void {
    if (endAt.getTime() <= startAt.getTime()) throw invalidInput({ zh: '参数不合法：endAt 必须晚于 startAt', en: 'Invalid input: endAt must be after startAt', ru: 'Недопустимые параметры: endAt должно быть позже startAt' });
    if (endAt.getTime() - startAt.getTime() > PHASE_MAX_DAYS * DAY_MS) {
      throw invalidInput({ zh: `参数不合法：分阶段发布最长 ${PHASE_MAX_DAYS} 天`, en: `Invalid input: endAt: a phased release lasts at most ${PHASE_MAX_DAYS} days`, ru: `Недопустимые параметры: endAt: поэтапный выпуск длится не больше ${PHASE_MAX_DAYS} дн.` });
    }
  }

  private async update(tx: Tx, row: VersionRow, current: PhaseRow | undefined, c: PhaseChange, actor: Actor): Promise<PhaseRow> {
    const now = this.deps.clock.now();
    if (row.releaseType !== 'phased') throw conflict({ zh: '该版本的发布方式不是分阶段发布', en: 'The version is not released in phases (releaseType full)', ru: 'Версия выпускается не поэтапно (releaseType full)' });
    const drafting = !row.supersededAt && (EDITABLE_STATES as readonly number[]).includes(row.releaseState);
    if (!drafting && !(current && isLive(row))) throw conflict(stateRefusal(row));
    if (current && !drafting && !phaseTransition(current.state as PhaseState, 'UPDATE')) throw conflict(this.refusal(current));
    const percentBp = c.percent === undefined ? current?.percentBp : Math.round(c.percent * 100);
    const startAt = c.startAt ? new Date(c.startAt) : current?.startAt;
    const endAt = c.endAt ? new Date(c.endAt) : current?.endAt;
    const description = c.description ?? current?.description;
    if (percentBp === undefined || !startAt || !endAt || description === undefined) {
      throw invalidInput({ zh: '参数不合法：首次设置需要 percent、startAt、endAt 和 description', en: 'Invalid input: percent, startAt, endAt and description are needed to set up a phased release', ru: 'Недопустимые параметры: для поэтапного выпуска нужны percent, startAt, endAt и description' });
    }
    this.period(startAt, endAt);
    if (!drafting && current) {
      if (percentBp < current.percentBp) {
        throw conflict({ zh: `百分比只能提高（当前 ${current.percentBp / 100}%）`, en: `The percentage can only go up (now ${current.percentBp / 100}%)`, ru: `Процент можно только увеличивать (сейчас ${current.percentBp / 100}%)` });
      }
      if (c.startAt && current.state !== 'pending') throw conflict({ zh: '分阶段发布已开始，不能修改开始时间', en: 'The phased release has started; its start time cannot change', ru: 'Поэтапный выпуск начался; время начала изменить нельзя' });
      if (endAt.getTime() <= now.getTime()) throw invalidInput({ zh: '参数不合法：endAt 必须是将来的时间', en: 'Invalid input: endAt must be in the future', ru: 'Недопустимые параметры: endAt должно быть в будущем' });
    } else if (drafting) {
      // Settings of a draft are part of the version: editing them makes it a draft again.
      await this.versions.move(tx, row, 'edit', actor, { data: { fields: ['phasedRelease'] } });
    }
    const set = { percentBp, startAt, endAt, description, updatedAt: now };
    const saved = current ? await versionsRepo.updatePhase(tx, row.id, set) : await versionsRepo.insertPhase(tx, { versionId: row.id, appId: row.appId, state: 'pending', createdAt: now, ...set });
    if (!drafting) await this.schedule(tx, saved);
    await this.record(tx, row, 'UPDATE', current?.state ?? null, saved, actor);
    return saved;
  }

  private refusal(p: PhaseRow) {
    const name = PHASE_STATE_NAMES[p.state as PhaseState];
    return { zh: `分阶段发布当前状态为「${name.zh}」，不允许此操作`, en: `Not allowed while the phased release is ${name.en} (${p.state})`, ru: `Нельзя, пока поэтапный выпуск в состоянии «${name.ru}» (${p.state})` };
  }

  /** A state change of a live phase; the clock's START and END come through here too. */
  async apply(tx: Tx, row: VersionRow, phase: PhaseRow, action: PhaseAction, actor: Actor): Promise<PhaseRow> {
    const now = this.deps.clock.now();
    const to = phaseTransition(phase.state as PhaseState, action);
    if (!to) throw conflict(this.refusal(phase));
    const saved = await versionsRepo.updatePhase(tx, row.id, { state: to, updatedAt: now });
    if (to === 'completed' || to === 'terminated') {
      await this.deps.dueActions.cancel(tx, startKey(row.id));
      await this.deps.dueActions.cancel(tx, endKey(row.id));
    }
    if (action === 'ROLLBACK') await this.terminate(tx, row, actor);
    await this.record(tx, row, action, phase.state, saved, actor);
    return saved;
  }

  /** The phased version leaves the shelf at once; the version before it is current again. */
  private async terminate(tx: Tx, row: VersionRow, actor: Actor): Promise<void> {
    const now = this.deps.clock.now();
    const previous = await versionsRepo.previousOnShelf(tx, row.appId, row.id);
    await reviewTasks.withdraw(tx, row.id, now);
    await this.versions.move(tx, row, 'terminatePhase', actor, { set: { supersededAt: now }, data: { to: previous?.id ?? null } });
    if (previous) {
      const restored = await versionsRepo.update(tx, previous.id, { supersededAt: null, updatedAt: now });
      await this.versions.record(tx, restored, 'restoredByPhaseRollback', actor, RELEASE_STATE.onShelf, RELEASE_STATE.onShelf, { from: row.id });
    } else {
      await markAppUnlisted(this.deps, tx, row.appId, now);
    }
  }

  /** Called when a phased version goes on shelf: live now or at its start, converting at its end. */
  async onShelf(tx: Tx, row: VersionRow, actor: Actor): Promise<void> {
    const phase = await versionsRepo.phase(tx, row.id);
    if (!phase) return;
    const now = this.deps.clock.now();
    if (phase.state === 'pending' && phase.startAt.getTime() <= now.getTime()) {
      await this.apply(tx, row, phase, 'START', actor);
    }
    await this.schedule(tx, (await versionsRepo.phase(tx, row.id))!);
  }

  private async schedule(tx: Tx, p: PhaseRow): Promise<void> {
    const { dueActions } = this.deps;
    if (p.state === 'pending') await dueActions.schedule(tx, { kind: PHASE_START_KIND, dueAt: p.startAt, payload: { versionId: p.versionId }, dedupeKey: startKey(p.versionId) });
    if (['pending', 'active', 'paused'].includes(p.state)) {
      await dueActions.schedule(tx, { kind: PHASE_END_KIND, dueAt: p.endAt, payload: { versionId: p.versionId }, dedupeKey: endKey(p.versionId) });
    }
  }

  /** The clock's side: START and END fire once, and only if the phase still allows them. */
  async fire(tx: Tx, versionId: string, action: 'START' | 'END'): Promise<void> {
    const row = await versionsRepo.lock(tx, versionId);
    const phase = row ? await versionsRepo.phase(tx, versionId) : undefined;
    if (!row || !phase || !isLive(row) || !phaseTransition(phase.state as PhaseState, action)) return;
    await this.apply(tx, row, phase, action, { kind: 'system', id: null, ip: null });
  }

  private async record(tx: Tx, row: VersionRow, action: PhaseAction, from: string | null, to: PhaseRow, actor: Actor): Promise<void> {
    const state = row.releaseState as ReleaseState;
    await this.versions.record(tx, row, `phased.${action}`, actor, state, state, { fromPhase: from, toPhase: to.state, percentBp: to.percentBp });
  }

  async history(caller: Caller, appId: string, versionId: string) {
    const { row } = await this.versions.find(caller, appId, versionId);
    const phase = await versionsRepo.phase(this.deps.db, row.id);
    const events = await versionsRepo.phaseEvents(this.deps.db, row.id);
    return {
      phasedRelease: phase ? phaseOut(phase) : null,
      items: events.map((e) => ({
        action: e.action.slice('phased.'.length),
        fromState: (e.data.fromPhase as PhaseState | null) ?? null,
        toState: e.data.toPhase as PhaseState,
        percent: Number(e.data.percentBp) / 100,
        actorKind: e.actorKind as 'user' | 'operator' | 'system' | 'api-client',
        actorId: e.actorId,
        at: e.at.toISOString(),
      })),
    };
  }

  /**
   * What a device gets from an app whose current version is phased: that version when the
   * phase is complete, or live and the device's bucket is inside it; otherwise the version
   * before it.
   */
  async servedTo(db: Deps['db'], current: VersionRow, deviceId: string): Promise<VersionRow | undefined> {
    if (current.releaseType !== 'phased') return current;
    const phase = await versionsRepo.phase(db, current.id);
    if (!phase || phase.state === 'completed') return current;
    if (phase.state === 'active' && bucketOf(current.appId, current.id, deviceId) < phase.percentBp) return current;
    return versionsRepo.previousOnShelf(db, current.appId, current.id);
  }

  /** The version devices outside a phase still get, while the current version is phasing. */
  async fallbackOf(db: Deps['db'], current: VersionRow): Promise<VersionRow | undefined> {
    if (current.releaseType !== 'phased') return undefined;
    const phase = await versionsRepo.phase(db, current.id);
    if (!phase || phase.state === 'completed') return undefined;
    return versionsRepo.previousOnShelf(db, current.appId, current.id);
  }
}
