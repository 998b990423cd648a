import { sql } from 'drizzle-orm';
import { INDUSTRY_LIMITS, type IndustryMetric } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp, peerApps } from '../apps/public';
import { checkRange } from './overview';

interface AppMeasures {
  appId: string;
  /** Distinct instances per day, summed over the range: divided by its days, the average DAU. */
  activeDays: number;
  sessionEnds: number;
  sessionSeconds: number;
  cohort: number;
  returnedNextDay: number;
}

/** Each app's measures over the range, in one pass per source (the rollups; no raw events). */
async function measures(db: DbOrTx, appIds: readonly string[], from: string, to: string): Promise<AppMeasures[]> {
  const ids = sql.join(appIds.map((id) => sql`${id}::uuid`), sql`, `);
  const result = (await db.execute(sql`
    with active as (select app_id, count(*)::bigint as n from analytics_device_days where app_id in (${ids}) and day between ${from} and ${to} group by 1),
         sessions as (select app_id, coalesce(sum(count), 0)::bigint as ends, coalesce(sum(value_sum), 0)::float8 as secs
                        from analytics_daily where app_id in (${ids}) and day between ${from} and ${to} and name = 'session_end' group by 1),
         cohorts as (select d.app_id, count(*)::bigint as users, count(n.instance_id)::bigint as back
                       from analytics_devices d
                       left join analytics_device_days n on n.app_id = d.app_id and n.instance_id = d.instance_id and n.day = d.first_day + 1
                      where d.app_id in (${ids}) and d.first_day between ${from} and (${to}::date - 1) group by 1)
    select a.app_id, a.n as active_days, coalesce(s.ends, 0) as ends, coalesce(s.secs, 0) as secs, coalesce(c.users, 0) as users, coalesce(c.back, 0) as back
      from active a left join sessions s on s.app_id = a.app_id left join cohorts c on c.app_id = a.app_id`)) as unknown as { rows: Array<Record<string, string | number>> };
  return result.rows.map((r) => ({
    appId: String(r.app_id),
    activeDays: Number(r.active_days),
    sessionEnds: Number(r.ends),
    sessionSeconds: Number(r.secs),
    cohort: Number(r.users),
    returnedNextDay: Number(r.back),
  }));
}

/** The q-quantile by linear interpolation between the closest ranks (of sorted values). */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The app against its category's apps. Shown only when the bucket has enough apps with data
 * and none of them dominates it (INDUSTRY_LIMITS): quartiles of fewer apps, or of one giant
 * and its shadows, would tell one team another's numbers.
 */
export async function industry(deps: Pick<Deps, 'db'>, caller: Caller, q: { appId: string; from: string; to: string }) {
  await callerApp(deps.db, caller, q.appId);
  const days = checkRange(q.from, q.to).length;
  const bucket = (await peerApps(deps.db, q.appId))!;
  const all = (await measures(deps.db, bucket.appIds, q.from, q.to)).filter((m) => m.activeDays > 0);
  const head = { category: bucket.category, kindId: bucket.kindId, apps: all.length };
  if (all.length < INDUSTRY_LIMITS.minApps) return { ...head, withheld: 'tooFewApps' as const, indicators: [] };
  const total = all.reduce((n, m) => n + m.activeDays, 0);
  if (all.some((m) => m.activeDays > total * INDUSTRY_LIMITS.maxShare)) return { ...head, withheld: 'oneAppDominates' as const, indicators: [] };

  const values: Record<IndustryMetric, (m: AppMeasures) => number | null> = {
    dailyActiveUsers: (m) => round(m.activeDays / days),
    day1Retention: (m) => (m.cohort ? round((100 * m.returnedNextDay) / m.cohort) : null),
    averageSessionSeconds: (m) => (m.sessionEnds ? round(m.sessionSeconds / m.sessionEnds) : null),
  };
  const mine = all.find((m) => m.appId === q.appId);
  const indicators = (Object.keys(values) as IndustryMetric[]).flatMap((metric) => {
    const sorted = all.map(values[metric]).filter((v): v is number => v !== null).sort((a, b) => a - b);
    // A metric only some apps have (no cohort old enough, no session ended) keeps the same rule.
    if (sorted.length < INDUSTRY_LIMITS.minApps) return [];
    return [{ metric, app: mine ? values[metric](mine) : null, p25: round(quantile(sorted, 0.25)), median: round(quantile(sorted, 0.5)), p75: round(quantile(sorted, 0.75)) }];
  });
  return { ...head, withheld: null, indicators };
}
