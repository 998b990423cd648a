import { and, between, desc, eq, notLike, sql, type SQL } from 'drizzle-orm';
import type { ExploreGroup } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { analyticsDaily, analyticsDeviceDays, analyticsDevices } from './tables';

/** The column each split of the explorer reads (the daily counts and the raw events name them alike). */
const COLUMNS: Record<ExploreGroup, string> = { none: `'all'`, appVersion: 'app_version', country: 'country', os: 'os' };

export type ExploreRow = { day: string; group: string; count: number; valueSum: number };

/** The readers behind retention, funnels, the event list and the explorer. */
export const cohortRepo = {
  /** Per cohort day: its size, and how many of it were active `offset` days later (0 … maxOffset). */
  async cohorts(db: DbOrTx, appId: string, from: string, to: string, maxOffset: number): Promise<{ sizes: Map<string, number>; returned: Map<string, Map<number, number>> }> {
    const sizes = await db
      .select({ day: analyticsDevices.firstDay, n: sql<string>`count(*)` })
      .from(analyticsDevices)
      .where(and(eq(analyticsDevices.appId, appId), between(analyticsDevices.firstDay, from, to)))
      .groupBy(analyticsDevices.firstDay);
    const offset = sql<number>`(${analyticsDeviceDays.day} - ${analyticsDevices.firstDay})`;
    const rows = await db
      .select({ day: analyticsDevices.firstDay, offset, n: sql<string>`count(*)` })
      .from(analyticsDevices)
      .innerJoin(analyticsDeviceDays, and(eq(analyticsDeviceDays.appId, analyticsDevices.appId), eq(analyticsDeviceDays.instanceId, analyticsDevices.instanceId)))
      .where(
        and(
          eq(analyticsDevices.appId, appId),
          between(analyticsDevices.firstDay, from, to),
          // The device-days scanned are the range and the days after it a cohort is followed for.
          between(analyticsDeviceDays.day, from, sql`${to}::date + ${maxOffset}::int`),
          sql`${analyticsDeviceDays.day} > ${analyticsDevices.firstDay}`,
          sql`${analyticsDeviceDays.day} <= ${analyticsDevices.firstDay} + ${maxOffset}::int`,
        ),
      )
      .groupBy(analyticsDevices.firstDay, offset);
    const returned = new Map<string, Map<number, number>>();
    for (const r of rows) {
      const m = returned.get(r.day) ?? new Map<number, number>();
      m.set(Number(r.offset), Number(r.n));
      returned.set(r.day, m);
    }
    return { sizes: new Map(sizes.map((s) => [s.day, Number(s.n)])), returned };
  },

  async events(db: DbOrTx, appId: string, from: string, to: string): Promise<Array<{ name: string; count: number; valueSum: number }>> {
    const count = sql<string>`sum(${analyticsDaily.count})`;
    const rows = await db
      .select({ name: analyticsDaily.name, count, valueSum: sql<string>`sum(${analyticsDaily.valueSum})` })
      .from(analyticsDaily)
      // The store's own counts ($download, $update_check) are not the app's events.
      .where(and(eq(analyticsDaily.appId, appId), between(analyticsDaily.day, from, to), notLike(analyticsDaily.name, '$%')))
      .groupBy(analyticsDaily.name)
      .orderBy(desc(count), analyticsDaily.name);
    return rows.map((r) => ({ name: r.name, count: Number(r.count), valueSum: Number(r.valueSum) }));
  },

  /**
   * Instances that did each step in order within the range: a step's time is the first
   * time it followed the step before it. One scan of the range's raw events for every step
   * (each instance's first time of the first step and the times of the others), then per
   * instance the first time of each step after the step before.
   */
  async funnel(db: DbOrTx, appId: string, from: string, to: string, steps: readonly string[]): Promise<number[]> {
    const columns = steps.map((name, i) => (i === 0 ? sql`min(at) filter (where name = ${name}) as t0` : sql`array_agg(at) filter (where name = ${name}) as ${sql.raw(`a${i}`)}`));
    const after = steps.slice(1).map((_, k) => sql.raw(`cross join lateral (select min(x) as t${k + 1} from unnest(g.a${k + 1}) x where x > ${k === 0 ? 'g.t0' : `l${k}.t${k}`}) l${k + 1}`));
    const counts = steps.map((_, i) => sql.raw(`count(${i === 0 ? 'g.t0' : `l${i}.t${i}`}) as c${i}`));
    const query = sql`
      select ${sql.join(counts, sql`, `)}
        from (select ${sql.join(columns, sql`, `)}
                from analytics_events
               where app_id = ${appId} and day between ${from} and ${to} and name in (${sql.join([...new Set(steps)].map((n) => sql`${n}`), sql`, `)})
               group by instance_id) g
        ${sql.join(after, sql` `)}`;
    // The instances' times are grouped in memory: room for them, rather than spilling to disk (the default is 4 MB).
    const result = (await db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      return tx.execute(query);
    })) as unknown as { rows: Array<Record<string, string | number>> };
    const row = result.rows[0] ?? {};
    return steps.map((_, i) => Number(row[`c${i}`] ?? 0));
  },

  /** One event per day and group: from the daily counts, or with a property filter from the range's raw events. */
  async explore(db: DbOrTx, q: { appId: string; from: string; to: string; event: string; groupBy: ExploreGroup; property?: string | undefined; equals?: string | undefined }): Promise<ExploreRow[]> {
    const group = sql.raw(COLUMNS[q.groupBy]);
    const query: SQL =
      q.property === undefined
        ? sql`select day::text as day, ${group} as grp, sum(count)::bigint as n, sum(value_sum)::float8 as v from analytics_daily
               where app_id = ${q.appId} and name = ${q.event} and day between ${q.from} and ${q.to} group by 1, 2`
        : sql`select day::text as day, ${group} as grp, count(*)::bigint as n, coalesce(sum(value), 0)::float8 as v from analytics_events
               where app_id = ${q.appId} and name = ${q.event} and day between ${q.from} and ${q.to} and properties ->> ${q.property} = ${q.equals ?? ''} group by 1, 2`;
    const result = (await db.execute(query)) as unknown as { rows: Array<{ day: string; grp: string; n: string | number; v: number }> };
    return result.rows.map((r) => ({ day: r.day, group: r.grp, count: Number(r.n), valueSum: Number(r.v) }));
  },

  /** Devices active in the range, counted per value of each portrait dimension (one grouping-sets query). */
  async portrait(db: DbOrTx, appId: string, from: string, to: string): Promise<Array<{ dimension: string; key: string; users: number }>> {
    const result = (await db.execute(sql`
      select case when grouping(country) = 0 then 'country' when grouping(language) = 0 then 'language' when grouping(os) = 0 then 'os' else 'deviceModel' end as dimension,
             coalesce(country, language, os, device_model) as key, count(*)::int as users
        from analytics_devices
       where app_id = ${appId}
         and instance_id in (select instance_id from analytics_device_days where app_id = ${appId} and day between ${from} and ${to})
       group by grouping sets ((country), (language), (os), (device_model))`)) as unknown as { rows: Array<{ dimension: string; key: string; users: number }> };
    return result.rows.map((r) => ({ dimension: r.dimension, key: r.key, users: Number(r.users) }));
  },
};
