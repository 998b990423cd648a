import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { pastCursor } from '../../platform/db/keyset';
import { cloudFunctions, functionInvocations, functionLogLines } from './tables';

export type InvocationInsert = typeof functionInvocations.$inferInsert;
export type LogLineInsert = typeof functionLogLines.$inferInsert;
export type LogLineRow = typeof functionLogLines.$inferSelect;
export type InvocationSelect = typeof functionInvocations.$inferSelect;

export interface LogSearch {
  functionId: string;
  /** Words, each matched as a prefix of a word of the line (all of them). */
  words: string[];
  levels?: string[] | undefined;
  requestId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface MetricFilter {
  functionId: string;
  since: Date;
  bucketSeconds: number;
  version?: string | undefined;
  alias?: string | undefined;
}

export interface MetricRow {
  at: Date | string;
  invocations: number;
  errors: number;
  throttles: number;
  coldStarts: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** Rows a statement inserts at most: PostgreSQL takes 65,535 parameters. */
const CHUNK = 1000;

/** The only reader and writer of functions' invocations and log lines. */
export const journalRepo = {
  /** One batch of calls and their lines; lines of functions deleted meanwhile go with them (the rows are skipped). */
  async add(db: DbOrTx, invocations: InvocationInsert[], lines: LogLineInsert[]): Promise<void> {
    const live = new Set<string>();
    if (invocations.length) {
      const ids = [...new Set(invocations.map((i) => i.functionId))];
      // Held until the batch is in, so a function deleted meanwhile waits (its rows then go with it).
      for (const r of await db.select({ id: cloudFunctions.id }).from(cloudFunctions).where(inArray(cloudFunctions.id, ids)).for('key share')) live.add(r.id);
    }
    const calls = invocations.filter((i) => live.has(i.functionId));
    const printed = lines.filter((l) => live.has(l.functionId));
    for (let i = 0; i < calls.length; i += CHUNK) await db.insert(functionInvocations).values(calls.slice(i, i + CHUNK));
    for (let i = 0; i < printed.length; i += CHUNK) await db.insert(functionLogLines).values(printed.slice(i, i + CHUNK));
  },

  async searchLines(db: DbOrTx, q: LogSearch, limit: number, before?: Position): Promise<LogLineRow[]> {
    const where: Array<SQL | undefined> = [eq(functionLogLines.functionId, q.functionId), pastCursor(functionLogLines.at, functionLogLines.id, before)];
    if (q.words.length) where.push(sql`to_tsvector('simple', ${functionLogLines.message}) @@ to_tsquery('simple', ${q.words.map((w) => `${w}:*`).join(' & ')})`);
    if (q.levels?.length) where.push(inArray(functionLogLines.level, q.levels as LogLineRow['level'][]));
    if (q.requestId) where.push(eq(functionLogLines.requestId, q.requestId));
    if (q.from) where.push(gte(functionLogLines.at, q.from));
    if (q.to) where.push(lte(functionLogLines.at, q.to));
    return db
      .select()
      .from(functionLogLines)
      .where(and(...where))
      .orderBy(desc(functionLogLines.at), desc(functionLogLines.id))
      .limit(limit);
  },

  async invocations(db: DbOrTx, functionId: string, outcome: InvocationSelect['outcome'] | undefined, limit: number, before?: Position): Promise<InvocationSelect[]> {
    return db
      .select()
      .from(functionInvocations)
      .where(and(eq(functionInvocations.functionId, functionId), outcome ? eq(functionInvocations.outcome, outcome) : undefined, pastCursor(functionInvocations.startedAt, functionInvocations.id, before)))
      .orderBy(desc(functionInvocations.startedAt), desc(functionInvocations.id))
      .limit(limit);
  },

  /** Bars of `bucketSeconds` since `since`, and (with `bucketSeconds` 0) the whole span as one. */
  async metrics(db: DbOrTx, f: MetricFilter): Promise<MetricRow[]> {
    const i = functionInvocations;
    const bucket = f.bucketSeconds ? sql`date_bin(${`${f.bucketSeconds} seconds`}::interval, ${i.startedAt}, 'epoch'::timestamptz)` : sql`${f.since.toISOString()}::timestamptz`;
    const ran = sql`${i.outcome} <> 'throttled'`;
    return db
      .select({
        at: sql<string>`${bucket}`.as('bucket'),
        invocations: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) filter (where ${i.outcome} in ('error', 'timeout', 'crashed')))::int`,
        throttles: sql<number>`(count(*) filter (where ${i.outcome} = 'throttled'))::int`,
        coldStarts: sql<number>`(count(*) filter (where ${i.coldStart}))::int`,
        p50: sql<number | null>`percentile_cont(0.5) within group (order by ${i.durationMs}) filter (where ${ran})`,
        p95: sql<number | null>`percentile_cont(0.95) within group (order by ${i.durationMs}) filter (where ${ran})`,
        p99: sql<number | null>`percentile_cont(0.99) within group (order by ${i.durationMs}) filter (where ${ran})`,
      })
      .from(i)
      .where(and(eq(i.functionId, f.functionId), gte(i.startedAt, f.since), f.version ? eq(i.version, f.version) : undefined, f.alias ? eq(i.alias, f.alias) : undefined))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  },

  /** Drops what is older than `before`, a batch at a time (a big delete would hold its locks for long): how many lines went. */
  async prune(db: DbOrTx, before: Date, batch = 10_000): Promise<number> {
    const lines = await db.execute(sql`delete from ${functionLogLines} where id in (select id from ${functionLogLines} where ${functionLogLines.at} < ${before.toISOString()}::timestamptz limit ${batch})`);
    await db.execute(sql`delete from ${functionInvocations} where id in (select id from ${functionInvocations} where ${functionInvocations.startedAt} < ${before.toISOString()}::timestamptz limit ${batch})`);
    return (lines as unknown as { rowCount?: number }).rowCount ?? 0;
  },
};
