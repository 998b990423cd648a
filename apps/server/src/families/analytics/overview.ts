import { ANALYTICS_LIMITS, type OverviewDay, type OverviewTotals } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { invalidInput } from '../../platform/http/errors';
import { callerApp } from '../apps/public';
import { addDays, daysBetween } from './days';
import { reportRepo, type DayCounts } from './report-repo';
import type { AnalyticsSettingsStore } from './settings';

const BAD_RANGE = {
  zh: `日期范围无效：开始日期须不晚于结束日期，且不超过 ${ANALYTICS_LIMITS.rangeDays} 天`,
  en: `The date range is not valid: it must start on or before its end and span at most ${ANALYTICS_LIMITS.rangeDays} days`,
  ru: `Неверный диапазон дат: начало не позже конца, не больше ${ANALYTICS_LIMITS.rangeDays} дней`,
};

export function checkRange(from: string, to: string): string[] {
  const days = Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to ? [] : daysBetween(from, to);
  if (!days.length || days.length > ANALYTICS_LIMITS.rangeDays) throw invalidInput(BAD_RANGE);
  return days;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The app overview: every number comes from the rollups; distinct users never from summed days. */
export async function overview(deps: Pick<Deps, 'db'>, settings: AnalyticsSettingsStore, caller: Caller, q: { appId: string; from: string; to: string; compare: boolean }) {
  const app = await callerApp(deps.db, caller, q.appId);
  const days = checkRange(q.from, q.to);
  const { timeZone } = await settings.read(deps.db, q.appId, app.teamId, app.projectId);
  const previousRange = q.compare ? { from: addDays(q.from, -days.length), to: addDays(q.from, -1) } : null;
  // The period before, when asked, is read in the same round as the range.
  const [counts, active, fresh, spans, hasData, crashes, before] = await Promise.all([
    reportRepo.countsByDay(deps.db, q.appId, q.from, q.to),
    reportRepo.activityByDay(deps.db, q.appId, q.from, q.to),
    reportRepo.newByDay(deps.db, q.appId, q.from, q.to),
    reportRepo.activeSpans(deps.db, q.appId, { from: q.from, to: q.to, weekFrom: addDays(q.to, -6), monthFrom: addDays(q.to, -29), previous: previousRange }),
    reportRepo.hasData(deps.db, q.appId),
    reportRepo.reportsCrashes(deps.db, q.appId),
    previousRange ? Promise.all([reportRepo.countsByDay(deps.db, q.appId, previousRange.from, previousRange.to), reportRepo.newByDay(deps.db, q.appId, previousRange.from, previousRange.to)]) : null,
  ]);
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const out: OverviewDay[] = days.map((day) => {
    const c = byDay.get(day);
    const a = active.get(day);
    return {
      day,
      newUsers: fresh.get(day) ?? 0,
      activeUsers: a?.active ?? 0,
      sessions: c?.sessions ?? 0,
      events: c?.events ?? 0,
      downloads: c?.downloads ?? 0,
      updateChecks: c?.updateChecks ?? 0,
      crashFreeUsers: crashFree(crashes, a?.active ?? 0, a?.crashed ?? 0),
      averageSessionSeconds: c?.sessionEnds ? round(c.sessionSeconds / c.sessionEnds) : 0,
    };
  });
  const previous = before ? totalsFrom(before[0], before[1], spans.previous, crashFree(crashes, spans.previous, spans.previousCrashed)) : null;
  return { timeZone, days: out, totals: totalsFrom(counts, fresh, spans.range, crashFree(crashes, spans.range, spans.rangeCrashed)), previous, weeklyActiveUsers: spans.weekly, monthlyActiveUsers: spans.monthly, hasData };
}

/** The share of active users without a crash, in percent; null for an app that never reported one, or nobody active. */
const crashFree = (reports: boolean, active: number, crashed: number): number | null => (reports && active ? round(((active - crashed) / active) * 100) : null);

function totalsFrom(counts: readonly DayCounts[], fresh: ReadonlyMap<string, number>, activeUsers: number, crashFreeUsers: number | null): OverviewTotals {
  const sum = (f: (c: DayCounts) => number) => counts.reduce((n, c) => n + f(c), 0);
  const ends = sum((c) => c.sessionEnds);
  return {
    newUsers: [...fresh.values()].reduce((a, b) => a + b, 0),
    activeUsers,
    sessions: sum((c) => c.sessions),
    averageSessionSeconds: ends ? round(sum((c) => c.sessionSeconds) / ends) : 0,
    events: sum((c) => c.events),
    downloads: sum((c) => c.downloads),
    updateChecks: sum((c) => c.updateChecks),
    crashFreeUsers,
  };
}
