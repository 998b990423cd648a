import { ALARM_LIMITS, type AlarmMetric } from '@wharf/rules';
import type { FunctionAlarm, MessageLanguage } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { conflict, notFound } from '../../platform/http/errors';
import { alarmMail, metricName } from './alarm-mail';
import { alarmsRepo as alarms, type AlarmRow } from './alarms-repo';
import { auditFunction, foundFunction } from './found';
import { WORDS } from './words';

export interface AlarmInput {
  name: string;
  metric: AlarmMetric;
  threshold: number;
  windowMinutes: number;
  enabled: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const out = (a: AlarmRow, ownerEmail: string): FunctionAlarm => ({
  alarmId: a.id, name: a.name, metric: a.metric, threshold: a.threshold, windowMinutes: a.windowMinutes, enabled: a.enabled, state: a.state,
  lastValue: a.lastValue, evaluatedAt: iso(a.evaluatedAt), changedAt: iso(a.changedAt), ownerEmail,
});

/** The metric's value over a window's calls; null when nothing ran (no rate, no duration). */
export function alarmValue(metric: AlarmMetric, w: { calls: number; errors: number; throttles: number; p95: number | null }): number | null {
  if (metric === 'errors') return w.errors;
  if (metric === 'throttles') return w.throttles;
  if (metric === 'p95') return w.p95 === null ? null : Math.round(w.p95 * 10) / 10;
  return w.calls === 0 ? null : Math.round((w.errors / w.calls) * 1000) / 10;
}

/**
 * Alarms on a function's calls. Every minute one instance takes each enabled alarm (SKIP
 * LOCKED), works out its metric over its window from the invocations, and on a change of
 * state (above the threshold: firing; at or below it, or no calls: cleared) mails its owner,
 * in the same transaction as the new state, so one change sends one mail.
 */
export class FunctionAlarms {
  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'config'>) {}



  async #one(db: DbOrTx, functionId: string, alarmId: string): Promise<FunctionAlarm> {
    const found = (await alarms.list(db, functionId)).find((r) => r.alarm.id === alarmId)!;
    return out(found.alarm, found.ownerEmail);
  }

  async list(projectId: string, functionId: string) {
    const fn = await foundFunction(this.deps.db, projectId, functionId);
    return { alarms: (await alarms.list(this.deps.db, fn.id)).map((r) => out(r.alarm, r.ownerEmail)) };
  }

  async create(caller: Caller, projectId: string, functionId: string, input: AlarmInput) {
    return this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      if ((await alarms.list(tx, fn.id)).length >= ALARM_LIMITS.perFunction) throw conflict(WORDS.tooManyAlarms(ALARM_LIMITS.perFunction));
      const now = this.deps.clock.now();
      const made = await alarms.insert(tx, { functionId: fn.id, ownerId: caller.userId!, ...input, state: 'ok', createdAt: now, updatedAt: now });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.createAlarm', fn, { alarm: made.name, metric: made.metric, threshold: made.threshold });
      return { alarm: await this.#one(tx, fn.id, made.id) };
    });
  }

  async update(caller: Caller, projectId: string, functionId: string, alarmId: string, input: AlarmInput) {
    return this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const a = await alarms.get(tx, fn.id, alarmId);
      if (!a) throw notFound(WORDS.noAlarm);
      // A changed rule is judged afresh at the next evaluation.
      await alarms.update(tx, a.id, { ...input, evaluatedAt: null, updatedAt: this.deps.clock.now() });
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.updateAlarm', fn, { alarm: input.name, enabled: input.enabled });
      return { alarm: await this.#one(tx, fn.id, a.id) };
    });
  }

  async remove(caller: Caller, projectId: string, functionId: string, alarmId: string) {
    await this.deps.db.transaction(async (tx) => {
      const fn = await foundFunction(tx, projectId, functionId, true);
      const a = await alarms.get(tx, fn.id, alarmId);
      if (!a) throw notFound(WORDS.noAlarm);
      await alarms.remove(tx, a.id);
      await auditFunction(tx, this.deps.clock, caller, 'cloud-functions.deleteAlarm', fn, { alarm: a.name });
    });
    return {};
  }

  /** Evaluates the alarms due (not evaluated in the last minute); how many changed state. */
  async evaluate(): Promise<number> {
    const { db, clock, mailer, config } = this.deps;
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      let n = 0;
      for (const d of await alarms.due(tx, new Date(now.getTime() - ALARM_LIMITS.evaluateEveryMs + 1000), 100)) {
        const a = d.alarm;
        const value = alarmValue(a.metric, await alarms.window(tx, a.functionId, new Date(now.getTime() - a.windowMinutes * 60_000)));
        const state = value !== null && value > a.threshold ? 'alarm' : 'ok';
        await alarms.update(tx, a.id, { lastValue: value, evaluatedAt: now, ...(state !== a.state ? { state, changedAt: now } : {}) });
        if (state === a.state) continue;
        n += 1;
        const lang: MessageLanguage = d.language === 'en' || d.language === 'ru' ? d.language : 'zh';
        const site = lang === 'zh' ? '/' : `/${lang}/`;
        const unit = a.metric === 'errorRate' ? ' %' : a.metric === 'p95' ? ' ms' : '';
        const what = `${metricName(a.metric, lang)} ${value === null ? '—' : `${value}${unit}`} / ${a.threshold}${unit}, ${a.windowMinutes} min`;
        const link = `${config.publicUrl ?? ''}${site}#/projects/${d.projectId}/cloud-functions/${a.functionId}?tab=metrics`;
        await mailer.enqueue(tx, { to: d.email, kind: state === 'alarm' ? 'function-alarm' : 'function-alarm-cleared', ...alarmMail(lang, state === 'alarm', { alarm: a.name, fn: d.functionName, what, link }) });
      }
      return n;
    });
    if (changed) void mailer.deliverPending().catch(() => undefined);
    return changed;
  }
}
