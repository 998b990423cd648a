import { eventPasses, LATEST, nextFirings, TIMER_GRACE_MS, TRIGGER_LIMITS, type EventSource } from '@wharf/rules';
import type { FunctionTrigger, TriggerRun } from '@wharf/contract';
import type { DbOrTx, Tx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { decodeCursor, pageOf } from '../../platform/http/cursor';
import { conflict, notFound } from '../../platform/http/errors';
import { cloudFunctionsRepo as repo, type FunctionRow } from './repo';
import { triggersRepo as triggers, type RunRow, type TriggerRow } from './triggers-repo';
import { auditFunction, foundFunction } from './found';
import { WORDS } from './words';

/** The due action each timer's next firing is, one pending per trigger. */
export const TIMER_DUE = 'cloud-functions.timer';
/** Tells every instance's runner that runs are waiting. */
export const RUNS_WAITING = 'cloud-functions.trigger-runs';
const dueKey = (triggerId: string) => `function-timer:${triggerId}`;

export interface TriggerInput {
  name: string;
  qualifier: string;
  enabled: boolean;
  timer?: { cron: string; timeZone: string; missed: 'skip' | 'runOnce'; payload: unknown } | undefined;
  event?: { source: EventSource; types: string[]; filter: Record<string, string | undefined>; attempts: number } | undefined;
}

/** The columns a trigger's input sets: a timer's or an event subscription's, the other's cleared. */
function columnsOf(input: TriggerInput) {
  const { timer, event } = input;
  const filter = event ? (Object.fromEntries(Object.entries(event.filter).filter(([, v]) => v)) as Record<string, string>) : null;
  return {
    kind: timer ? ('timer' as const) : ('event' as const), name: input.name, qualifier: input.qualifier, enabled: input.enabled,
    cron: timer?.cron ?? null, timeZone: timer?.timeZone ?? null, missed: timer?.missed ?? null, payload: timer ? (timer.payload ?? {}) : null,
    eventSource: event?.source ?? null, eventTypes: event?.types ?? null, eventFilter: filter, attempts: event?.attempts ?? TRIGGER_LIMITS.attempts,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function triggerOut(t: TriggerRow): FunctionTrigger {
  return {
    triggerId: t.id, functionId: t.functionId, kind: t.kind, name: t.name, qualifier: t.qualifier, enabled: t.enabled,
    timer: t.kind === 'timer' ? { cron: t.cron!, timeZone: t.timeZone!, missed: t.missed!, payload: t.payload } : null,
    event: t.kind === 'event' ? { source: t.eventSource!, types: t.eventTypes ?? [], filter: t.eventFilter ?? {}, attempts: t.attempts } : null,
    nextRunAt: iso(t.nextRunAt), lastRunAt: iso(t.lastRunAt),
    createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  };
}

export function runOut(r: RunRow): TriggerRun {
  return { runId: r.id, triggerId: r.triggerId, triggerName: r.triggerName, scheduledFor: r.scheduledFor.toISOString(), state: r.state, attempts: r.attempts, lastError: r.lastError, updatedAt: r.updatedAt.toISOString() };
}

/** Said (pub/sub) when a trigger is added, changed or deleted: the event bus reads again which projects listen to Cloud DB. */
export const TRIGGERS_CHANGED = 'cloud-functions.triggers-changed';
/** FunctionGraph's names of the sources, in the events functions receive. */
const TRIGGER_TYPES: Record<EventSource, string> = { storage: 'STORAGE', auth: 'AUTH', clouddb: 'CLOUDDB' };


/**
 * Timer triggers: each enabled one has exactly one pending due action, its next firing.
 * Firing (in the due action's transaction, once across instances) writes a run for the
 * runner and schedules the firing after it; a firing found late by more than a minute was
 * missed while no instance ran, and its trigger's policy says whether it still runs (once
 * for all that were missed) or is skipped.
 */
export class FunctionTriggers {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'dueActions' | 'pubsub'>) {}


  async #checkQualifier(db: DbOrTx, fn: FunctionRow, qualifier: string): Promise<void> {
    if (qualifier === LATEST) return;
    if (/^\d+$/.test(qualifier)) {
      if (!(await repo.versions(db, fn.id)).some((v) => v.version === Number(qualifier))) throw notFound(WORDS.noVersion(qualifier));
    } else if (!(await repo.aliases(db, fn.id)).some((a) => a.name === qualifier)) throw notFound(WORDS.noAlias(qualifier));
  }


  /** Schedules (or, off, cancels) a trigger's next firing after `from`; its row says when. */
  async #plan(tx: DbOrTx, t: TriggerRow, from: Date): Promise<TriggerRow> {
    const next = t.enabled && t.kind === 'timer' ? (nextFirings(t.cron!, t.timeZone!, from)[0] ?? null) : null;
    if (next) await this.deps.dueActions.schedule(tx, { kind: TIMER_DUE, dueAt: next, payload: { triggerId: t.id }, dedupeKey: dueKey(t.id) });
    else await this.deps.dueActions.cancel(tx, dueKey(t.id));
    await this.deps.pubsub.publishIn(tx, TRIGGERS_CHANGED, {});
    return triggers.update(tx, t.id, { nextRunAt: next });
  }

  async list(projectId: string, functionId: string) {
    const fn = await foundFunction(this.deps.db, projectId, functionId);
    return { triggers: (await triggers.list(this.deps.db, fn.id)).map(triggerOut) };
  }

  async create(caller: Caller, projectId: string, functionId: string, input: TriggerInput) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      await this.#checkQualifier(tx, fn, input.qualifier);
      if ((await triggers.list(tx, fn.id)).length >= TRIGGER_LIMITS.triggersPerFunction) throw conflict(WORDS.tooManyTriggers(TRIGGER_LIMITS.triggersPerFunction));
      const now = clock.now();
      const made = await triggers.insert(tx, { functionId: fn.id, projectId: fn.projectId, ...columnsOf(input), createdAt: now, updatedAt: now });
      const planned = await this.#plan(tx, made, now);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.createTrigger', fn, { trigger: made.name, kind: made.kind, ...(made.cron ? { cron: made.cron, timeZone: made.timeZone } : { source: made.eventSource, types: made.eventTypes }) });
      return { trigger: triggerOut(planned) };
    });
  }

  async update(caller: Caller, projectId: string, functionId: string, triggerId: string, input: TriggerInput) {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if (!(await triggers.get(tx, fn.id, triggerId, true))) throw notFound(WORDS.noTrigger);
      await this.#checkQualifier(tx, fn, input.qualifier);
      const now = clock.now();
      const changed = await triggers.update(tx, triggerId, { ...columnsOf(input), updatedAt: now });
      const planned = await this.#plan(tx, changed, now);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.updateTrigger', fn, { trigger: changed.name, kind: changed.kind, enabled: changed.enabled });
      return { trigger: triggerOut(planned) };
    });
  }

  async remove(caller: Caller, projectId: string, functionId: string, triggerId: string) {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const t = await triggers.get(tx, fn.id, triggerId, true);
      if (!t) throw notFound(WORDS.noTrigger);
      await this.deps.dueActions.cancel(tx, dueKey(t.id));
      await triggers.remove(tx, t.id);
      await this.deps.pubsub.publishIn(tx, TRIGGERS_CHANGED, {});
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deleteTrigger', fn, { trigger: t.name });
    });
    return {};
  }

  async runs(q: { projectId: string; functionId: string; state?: RunRow['state'] | undefined; pageSize: number; cursor?: string | undefined }) {
    const fn = await foundFunction(this.deps.db, q.projectId, q.functionId);
    const rows = await triggers.runs(this.deps.db, fn.id, q.state, q.pageSize + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const { page, nextCursor } = pageOf(rows, q.pageSize, (r) => ({ at: r.updatedAt, id: r.id }));
    return { items: page.map(runOut), nextCursor };
  }

  async replay(caller: Caller, projectId: string, functionId: string, runId: string) {
    const { db, clock, pubsub } = this.deps;
    return db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId);
      const run = await triggers.getRun(tx, fn.id, runId, true);
      if (!run) throw notFound(WORDS.noRun);
      if (run.state !== 'dead') throw conflict(WORDS.runNotDead);
      const now = clock.now();
      const again = await triggers.updateRun(tx, run.id, { state: 'pending', attempts: 0, nextAt: now, lastError: null, updatedAt: now });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.replayTriggerRun', fn, { trigger: run.triggerName, runId: run.id });
      await pubsub.publishIn(tx, RUNS_WAITING, {});
      return { run: runOut(again) };
    });
  }

  /** The due action's handler: a firing, once across every instance, in the action's transaction. */
  readonly fire = async (tx: Tx, payload: Record<string, unknown>, action: { dueAt: Date }): Promise<void> => {
    const t = await triggers.forFiring(tx, String(payload.triggerId));
    if (!t || !t.enabled || t.kind !== 'timer') return;
    const now = this.deps.clock.now();
    const missed = now.getTime() - action.dueAt.getTime() > TIMER_GRACE_MS;
    if (!missed || t.missed === 'runOnce') {
      await triggers.addRun(tx, {
        functionId: t.functionId, triggerId: t.id, triggerName: t.name, kind: 'timer', qualifier: t.qualifier, scheduledFor: action.dueAt, state: 'pending', maxAttempts: t.attempts, nextAt: now, createdAt: now, updatedAt: now,
        // FunctionGraph's timer event (AppGallery Connect's functions run on it).
        event: { version: 'v1.0', time: action.dueAt.toISOString(), trigger_type: 'TIMER', trigger_name: t.name, user_event: t.payload, ...(missed ? { missed: true } : {}) },
      });
      await this.deps.pubsub.publishIn(tx, RUNS_WAITING, {});
      await triggers.update(tx, t.id, { lastRunAt: now });
    }
    await this.#plan(tx, t, now);
  };

  /**
   * An event a source published, in the bus's delivery transaction (so its runs are written
   * exactly once): a run for each of the project's enabled triggers that take its type and
   * whose filter it passes.
   */
  static async eventRuns(tx: Tx, e: { projectId: string; source: EventSource; type: string; facts: Record<string, string | null>; at: Date; event: Record<string, unknown> }): Promise<number> {
    const takers = (await triggers.forEvent(tx, e.projectId, e.source)).filter((t) => t.enabled && (t.eventTypes ?? []).includes(e.type) && eventPasses(e.source, t.eventFilter ?? {}, e.facts));
    for (const t of takers) {
      await triggers.addRun(tx, {
        functionId: t.functionId, triggerId: t.id, triggerName: t.name, kind: 'event', qualifier: t.qualifier, scheduledFor: e.at, state: 'pending', maxAttempts: t.attempts, nextAt: e.at, createdAt: e.at, updatedAt: e.at,
        event: { version: 'v1.0', time: e.at.toISOString(), trigger_type: TRIGGER_TYPES[e.source], trigger_name: t.name, event_type: e.type, ...e.event },
      });
    }
    return takers.length;
  }
}
