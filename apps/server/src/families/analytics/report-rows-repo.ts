import { sql, type SQL } from 'drizzle-orm';
import { REPORT_LIMITS, type ReportDimension } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';

export interface GroupRow {
  key: string;
  activeUsers: number;
  newUsers: number;
  sessions: number;
  sessionEnds: number;
  sessionSeconds: number;
  events: number;
  /** Counts of the report's chosen events, in its order. */
  chosen: number[];
}

const COLUMN: Record<Exclude<ReportDimension, 'day' | 'property'>, string> = { appVersion: 'e.app_version', country: 'e.country', os: 'e.os' };

/** The exports' readers beyond the dashboards': chosen events per day, and raw events split by a dimension. */
export const reportRowsRepo = {
  /** Counts of the given events per day, from the daily counts. */
  async eventsByDay(db: DbOrTx, appId: string, from: string, to: string, names: readonly string[]): Promise<Map<string, Map<string, number>>> {
    const out = new Map<string, Map<string, number>>();
    if (!names.length) return out;
    const result = (await db.execute(sql`
      select day::text as day, name, sum(count)::bigint as n from analytics_daily
       where app_id = ${appId} and day between ${from} and ${to} and name in (${sql.join(names.map((n) => sql`${n}`), sql`, `)})
       group by 1, 2`)) as unknown as { rows: Array<{ day: string; name: string; n: string | number }> };
    for (const r of result.rows) {
      const day = out.get(r.day) ?? new Map<string, number>();
      day.set(r.name, Number(r.n));
      out.set(r.day, day);
    }
    return out;
  },

  /**
   * Raw events of the range split by one dimension: distinct instances, the instances whose
   * first day it was (their first day's values), sessions and events; the largest groups.
   */
  async byGroup(db: DbOrTx, q: { appId: string; from: string; to: string; dimension: Exclude<ReportDimension, 'day'>; property?: string | undefined; names: readonly string[]; newUsers: boolean }): Promise<GroupRow[]> {
    const key: SQL = q.dimension === 'property' ? sql`coalesce(e.properties ->> ${q.property ?? ''}, '')` : sql.raw(COLUMN[q.dimension]);
    const chosen = q.names.map((n, i) => sql`count(*) filter (where e.name = ${n})::bigint as ${sql.raw(`c${i}`)}`);
    const result = (await db.execute(sql`
      select ${key} as key,
             count(distinct e.instance_id)::bigint as active,
             ${q.newUsers ? sql`count(distinct e.instance_id) filter (where d.first_day = e.day)::bigint` : sql`0::bigint`} as fresh,
             count(*) filter (where e.name = 'session_start')::bigint as sessions,
             count(*) filter (where e.name = 'session_end')::bigint as ends,
             coalesce(sum(e.value) filter (where e.name = 'session_end'), 0)::float8 as seconds,
             count(*)::bigint as events
             ${chosen.length ? sql`, ${sql.join(chosen, sql`, `)}` : sql``}
        from analytics_events e
        ${q.newUsers ? sql`left join analytics_devices d on d.app_id = e.app_id and d.instance_id = e.instance_id` : sql``}
       where e.app_id = ${q.appId} and e.day between ${q.from} and ${q.to}
       group by 1
       order by active desc, events desc, key
       limit ${REPORT_LIMITS.rows}`)) as unknown as { rows: Array<Record<string, string | number | null>> };
    return result.rows.map((r) => ({
      key: String(r.key ?? ''),
      activeUsers: Number(r.active),
      newUsers: Number(r.fresh),
      sessions: Number(r.sessions),
      sessionEnds: Number(r.ends),
      sessionSeconds: Number(r.seconds),
      events: Number(r.events),
      chosen: q.names.map((_, i) => Number(r[`c${i}`])),
    }));
  },
};
