import { and, between, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { CRASH_EVENT } from '@wharf/contract';
import { DOWNLOAD_EVENT, UPDATE_CHECK_EVENT } from './distribution-events';
import { analyticsDaily, analyticsDeviceDays, analyticsDevices, analyticsPending } from './tables';

export interface DayCounts {
  day: string;
  events: number;
  sessions: number;
  sessionEnds: number;
  sessionSeconds: number;
  /** The store's counts (the distribution family's, not the device's). */
  downloads: number;
  updateChecks: number;
}

/** Distinct instances active in each window of the overview, and of them those that reported a crash. */
export interface Spans {
  range: number;
  rangeCrashed: number;
  weekly: number;
  monthly: number;
  previous: number;
  previousCrashed: number;
}

/** The readers of the rollups, for the dashboards. */
export const reportRepo = {
  async countsByDay(db: DbOrTx, appId: string, from: string, to: string): Promise<DayCounts[]> {
    const rows = await db
      .select({
        day: analyticsDaily.day,
        events: sql<string>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.name} not like '$%'), 0)`,
        sessions: sql<string>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.name} = 'session_start'), 0)`,
        sessionEnds: sql<string>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.name} = 'session_end'), 0)`,
        sessionSeconds: sql<string>`coalesce(sum(${analyticsDaily.valueSum}) filter (where ${analyticsDaily.name} = 'session_end'), 0)`,
        downloads: sql<string>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.name} = ${DOWNLOAD_EVENT}), 0)`,
        updateChecks: sql<string>`coalesce(sum(${analyticsDaily.count}) filter (where ${analyticsDaily.name} = ${UPDATE_CHECK_EVENT}), 0)`,
      })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.appId, appId), between(analyticsDaily.day, from, to)))
      .groupBy(analyticsDaily.day);
    return rows.map((r) => ({ day: r.day, events: Number(r.events), sessions: Number(r.sessions), sessionEnds: Number(r.sessionEnds), sessionSeconds: Number(r.sessionSeconds), downloads: Number(r.downloads), updateChecks: Number(r.updateChecks) }));
  },

  /** Active instances per day, and of them those that reported a crash that day. */
  async activityByDay(db: DbOrTx, appId: string, from: string, to: string): Promise<Map<string, { active: number; crashed: number }>> {
    const rows = await db
      .select({ day: analyticsDeviceDays.day, n: count(), crashed: sql<string>`count(*) filter (where ${analyticsDeviceDays.crashed})` })
      .from(analyticsDeviceDays)
      .where(and(eq(analyticsDeviceDays.appId, appId), between(analyticsDeviceDays.day, from, to)))
      .groupBy(analyticsDeviceDays.day);
    return new Map(rows.map((r) => [r.day, { active: Number(r.n), crashed: Number(r.crashed) }]));
  },

  /** Whether the app has ever reported a crash: until then it shows no crash-free share (it may not report them at all). */
  async reportsCrashes(db: DbOrTx, appId: string): Promise<boolean> {
    const [row] = await db.select({ day: analyticsDaily.day }).from(analyticsDaily).where(and(eq(analyticsDaily.appId, appId), eq(analyticsDaily.name, CRASH_EVENT))).limit(1);
    return Boolean(row);
  },

  async newByDay(db: DbOrTx, appId: string, from: string, to: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ day: analyticsDevices.firstDay, n: count() })
      .from(analyticsDevices)
      .where(and(eq(analyticsDevices.appId, appId), between(analyticsDevices.firstDay, from, to)))
      .groupBy(analyticsDevices.firstDay);
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  },

  /** Distinct instances active on any day of the range. */
  async activeIn(db: DbOrTx, appId: string, from: string, to: string): Promise<number> {
    const [row] = await db
      .select({ n: countDistinct(analyticsDeviceDays.instanceId) })
      .from(analyticsDeviceDays)
      .where(and(eq(analyticsDeviceDays.appId, appId), between(analyticsDeviceDays.day, from, to)));
    return Number(row?.n ?? 0);
  },

  /**
   * Distinct instances active in the range, in the 7 and 30 days that end on its last day,
   * and (when given) in the period before, from one scan: each instance's last day in the
   * scanned span says whether it was active since a day (every scanned day is on or before
   * `to`), so no distinct count sorts the same rows again for each window.
   */
  async activeSpans(db: DbOrTx, appId: string, q: { from: string; to: string; weekFrom: string; monthFrom: string; previous: { from: string; to: string } | null }): Promise<Spans> {
    const lo = [q.from, q.monthFrom, q.weekFrom, ...(q.previous ? [q.previous.from] : [])].sort()[0]!;
    const day = analyticsDeviceDays.day;
    const inPrevious = q.previous ? sql`${day} between ${q.previous.from} and ${q.previous.to}` : sql`false`;
    const result = (await db.execute(sql`
      select count(*) filter (where last >= ${q.from}) as range,
             count(*) filter (where crashed) as "rangeCrashed",
             count(*) filter (where last >= ${q.weekFrom}) as weekly,
             count(*) filter (where last >= ${q.monthFrom}) as monthly,
             count(*) filter (where before) as previous,
             count(*) filter (where "crashedBefore") as "previousCrashed"
        from (select max(${day}) as last,
                     bool_or(${analyticsDeviceDays.crashed} and ${day} >= ${q.from}) as crashed,
                     bool_or(${inPrevious}) as before,
                     bool_or(${analyticsDeviceDays.crashed} and ${inPrevious}) as "crashedBefore"
                from ${analyticsDeviceDays}
               where ${analyticsDeviceDays.appId} = ${appId} and ${day} between ${lo} and ${q.to}
               group by ${analyticsDeviceDays.instanceId}) as spans`)) as unknown as { rows: Array<Record<keyof Spans, string | number>> };
    const row = result.rows[0];
    const n = (k: keyof Spans) => Number(row?.[k] ?? 0);
    return { range: n('range'), rangeCrashed: n('rangeCrashed'), weekly: n('weekly'), monthly: n('monthly'), previous: n('previous'), previousCrashed: n('previousCrashed') };
  },

  async hasData(db: DbOrTx, appId: string): Promise<boolean> {
    const [folded] = await db.select({ day: analyticsDaily.day }).from(analyticsDaily).where(eq(analyticsDaily.appId, appId)).limit(1);
    if (folded) return true;
    const [pending] = await db.select({ id: analyticsPending.id }).from(analyticsPending).where(eq(analyticsPending.appId, appId)).limit(1);
    return Boolean(pending);
  },
};
