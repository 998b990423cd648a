import { sql, type SQL } from 'drizzle-orm';
import { EXPOSURE_EVENT, type ExperimentMetric } from '@wharf/contract';
import type { DbOrTx } from '../../platform/db/types';
import { analyticsDeviceDays, analyticsEvents } from './tables';

export interface ExperimentQuery {
  appId: string;
  experimentId: string;
  variants: number;
  /** What the experiment ran through: exposures in it count, and goals after each exposure up to `to`. */
  from: Date;
  to: Date;
  metrics: readonly ExperimentMetric[];
}

/** Per variant, for one metric: exposed instances, the metric's sum over them and the sum of its squares. */
export interface MetricSample {
  users: number;
  total: number;
  sumSquares: number;
}

export interface ExperimentCounts {
  exposed: number[];
  days: Array<{ day: string; exposed: number[] }>;
  metrics: MetricSample[][];
}

type Rows = { rows: Array<Record<string, string | number | null>> };
const DAY_MS = 86_400_000;
const dayOf = (at: Date, shift: number) => new Date(at.getTime() + shift * DAY_MS).toISOString().slice(0, 10);

/**
 * Each exposed instance once: its first exposure to the experiment (time, day, variant), read
 * from the raw events of the days it ran (a day either side, for time zones).
 */
function exposedSql(q: ExperimentQuery): SQL {
  const e = analyticsEvents;
  return sql`select ${e.instanceId} as instance_id, min(${e.at}) as first_at, min(${e.day}) as first_day,
                    (array_agg((${e.properties}->>'variant')::int order by ${e.at}))[1] as variant
               from ${e}
              where ${e.appId} = ${q.appId} and ${e.day} between ${dayOf(q.from, -1)} and ${dayOf(q.to, 1)}
                and ${e.name} = ${EXPOSURE_EVENT} and ${e.at} between ${q.from} and ${q.to}
                and ${e.properties}->>'experiment' = ${q.experimentId} and ${e.properties}->>'variant' ~ '^[0-9]{1,2}$'
              group by ${e.instanceId}`;
}

/** Per exposed instance that scored: its score (1 for a conversion or a return, the summed value for a value). */
function scoredSql(q: ExperimentQuery, metric: ExperimentMetric): SQL {
  const e = analyticsEvents;
  if (metric.kind === 'retention') {
    const d = analyticsDeviceDays;
    return sql`select x.instance_id, 1 as score from ${d} join exposed x on x.instance_id = ${d.instanceId}
                where ${d.appId} = ${q.appId} and ${d.day} > x.first_day and ${d.day} <= x.first_day + ${metric.days}::int and ${d.day} <= ${dayOf(q.to, 1)}
                group by x.instance_id`;
  }
  const score = metric.kind === 'value' ? sql`sum(coalesce(${e.value}, 0))` : sql`1`;
  return sql`select x.instance_id, ${score} as score from ${e} join exposed x on x.instance_id = ${e.instanceId}
              where ${e.appId} = ${q.appId} and ${e.day} between ${dayOf(q.from, -1)} and ${dayOf(q.to, 1)}
                and ${e.name} = ${metric.event} and ${e.at} >= x.first_at and ${e.at} <= ${q.to}
              group by x.instance_id`;
}

const byVariant = (rows: Rows['rows'], variants: number, read: (r: Rows['rows'][number]) => number): number[] => {
  const out = Array.from({ length: variants }, () => 0);
  for (const r of rows) {
    const v = Number(r.variant);
    if (v >= 0 && v < variants) out[v] = read(r);
  }
  return out;
};

/**
 * What an A/B experiment's results are worked out from: exposures, and each metric per
 * variant. The exposed instances are joined by hash: the planner cannot estimate an
 * aggregate's rows and took a nested loop, quadratic in the instances (2,000 took seconds).
 */
export async function experimentCounts(db: DbOrTx, q: ExperimentQuery): Promise<ExperimentCounts> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return countsIn(tx, q);
  });
}

async function countsIn(db: DbOrTx, q: ExperimentQuery): Promise<ExperimentCounts> {
  const exposed = exposedSql(q);
  const days = ((await db.execute(sql`with exposed as materialized (${exposed})
      select first_day::text as day, variant, count(*)::int as n from exposed group by 1, 2 order by 1`)) as unknown as Rows).rows;
  const perDay = new Map<string, number[]>();
  for (const r of days) {
    const v = Number(r.variant);
    if (v < 0 || v >= q.variants) continue;
    const row = perDay.get(String(r.day)) ?? Array.from({ length: q.variants }, () => 0);
    row[v] = Number(r.n);
    perDay.set(String(r.day), row);
  }
  const totals = Array.from({ length: q.variants }, (_, v) => [...perDay.values()].reduce((sum, row) => sum + row[v]!, 0));
  const metrics: MetricSample[][] = [];
  for (const metric of q.metrics) {
    const rows = ((await db.execute(sql`with exposed as materialized (${exposed}), scored as materialized (${scoredSql(q, metric)})
        select x.variant, count(*)::int as users, coalesce(sum(s.score), 0)::float8 as total, coalesce(sum(s.score * s.score), 0)::float8 as squares
          from exposed x left join scored s on s.instance_id = x.instance_id group by x.variant`)) as unknown as Rows).rows;
    const users = byVariant(rows, q.variants, (r) => Number(r.users));
    const total = byVariant(rows, q.variants, (r) => Number(r.total));
    const squares = byVariant(rows, q.variants, (r) => Number(r.squares));
    metrics.push(users.map((u, v) => ({ users: u, total: total[v]!, sumSquares: squares[v]! })));
  }
  return { exposed: totals, days: [...perDay].map(([day, exposedOn]) => ({ day, exposed: exposedOn })), metrics };
}
