import type { ReportDefinition, ReportMetric } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { addDays, daysBetween } from './days';
import { reportRepo } from './report-repo';
import { reportRowsRepo } from './report-rows-repo';

export type Cell = string | number;

/** A report computed: one row per day or group, its first cell the day or the group's value. */
export interface ReportTable {
  rows: Cell[][];
}

/** Days read per step of a report by day: progress moves on after each. */
const DAYS_PER_STEP = 31;

const round = (n: number) => Math.round(n * 10) / 10;

interface Measures {
  newUsers: number;
  activeUsers: number;
  sessions: number;
  sessionEnds: number;
  sessionSeconds: number;
  events: number;
}

function metricValue(metric: ReportMetric, m: Measures): number {
  if (metric === 'averageSessionSeconds') return m.sessionEnds ? round(m.sessionSeconds / m.sessionEnds) : 0;
  return m[metric];
}

/**
 * Computes a report. By day it reads what the overview reads (the rollups, kept for good),
 * so its numbers are the dashboard's; split otherwise it scans the range's raw events.
 * `onProgress` hears a percentage after each step.
 */
export async function computeReport(db: DbOrTx, appId: string, def: ReportDefinition, from: string, to: string, onProgress: (percent: number) => Promise<void>): Promise<ReportTable> {
  const row = (key: string, m: Measures, chosen: number[]): Cell[] => [key, ...def.metrics.map((metric) => metricValue(metric, m)), ...chosen];
  if (def.dimension !== 'day') {
    await onProgress(10);
    const groups = await reportRowsRepo.byGroup(db, { appId, from, to, dimension: def.dimension, property: def.property, names: def.events, newUsers: def.metrics.includes('newUsers') });
    return { rows: groups.map((g) => row(g.key, g, g.chosen)) };
  }
  const days = daysBetween(from, to);
  const rows: Cell[][] = [];
  for (let start = 0; start < days.length; start += DAYS_PER_STEP) {
    const stepFrom = days[start]!;
    const stepTo = days[Math.min(days.length, start + DAYS_PER_STEP) - 1]!;
    const [counts, active, fresh, chosen] = await Promise.all([
      reportRepo.countsByDay(db, appId, stepFrom, stepTo),
      reportRepo.activityByDay(db, appId, stepFrom, stepTo),
      reportRepo.newByDay(db, appId, stepFrom, stepTo),
      reportRowsRepo.eventsByDay(db, appId, stepFrom, stepTo, def.events),
    ]);
    const byDay = new Map(counts.map((c) => [c.day, c]));
    for (let day = stepFrom; day <= stepTo; day = addDays(day, 1)) {
      const c = byDay.get(day);
      const m: Measures = { newUsers: fresh.get(day) ?? 0, activeUsers: active.get(day)?.active ?? 0, sessions: c?.sessions ?? 0, sessionEnds: c?.sessionEnds ?? 0, sessionSeconds: c?.sessionSeconds ?? 0, events: c?.events ?? 0 };
      rows.push(row(day, m, def.events.map((n) => chosen.get(day)?.get(n) ?? 0)));
    }
    await onProgress(Math.round((100 * rows.length) / days.length));
  }
  return { rows };
}
