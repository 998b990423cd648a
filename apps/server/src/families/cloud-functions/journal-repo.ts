import { and, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { pastCursor } from '../../platform/db/keyset';
import { cloudFunctions, functionInvocations, functionLogLines } from './tables';

export type InvocationInsert = typeof functionInvocations.$inferInsert;
export type LogLineInsert = typeof functionLogLines.$inferInsert;
/** A line as it is read back (its indexed words stay in the database). */
export type LogLineRow = Omit<typeof functionLogLines.$inferSelect, 'words'>;
const { words: _words, ...LINE_COLUMNS } = getTableColumns(functionLogLines);
export type InvocationSelect = typeof functionInvocations.$inferSelect;

/** Lines a word search checks in time order before it asks the word index (see `searchLines`). */
const RECENT_WINDOW = 20_000;

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
  memoryMax: number | null;
}

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
    // One statement a table whatever the count, the rows as one JSON text that PostgreSQL
    // unpacks (a multi-row VALUES, or arrays the driver escaped element by element, cost
    // the server more to build than the calls it recorded).
    if (calls.length) {
      await db.execute(sql`insert into ${functionInvocations} (id, project_id, function_id, version, alias, trigger, request_id, started_at, duration_ms, outcome, cold_start, error, memory_mb)
        select id, "projectId", "functionId", version, alias, trigger, "requestId", "startedAt", "durationMs", outcome, "coldStart", error, "memoryMb"
          from json_to_recordset(${JSON.stringify(calls)}::json) as r(id uuid, "projectId" uuid, "functionId" uuid, version text, alias text, trigger text, "requestId" text, "startedAt" timestamptz, "durationMs" real, outcome text, "coldStart" boolean, error text, "memoryMb" real)`);
    }
    if (printed.length) {
      await db.execute(sql`insert into ${functionLogLines} (function_id, invocation_id, request_id, version, at, level, message)
        select "functionId", "invocationId", "requestId", version, at, level, message
          from json_to_recordset(${JSON.stringify(printed)}::json) as r("functionId" uuid, "invocationId" uuid, "requestId" text, version text, at timestamptz, level text, message text)`);
    }
  },

  /**
   * Lines newest first. Words are matched in two steps, because PostgreSQL cannot tell a
   * common word from a rare one when each is a prefix (a rare one read the whole function's
   * lines in time order, seconds for a million): first the newest `RECENT_WINDOW` lines the
   * other filters leave are checked in time order (a common word fills the page there); if
   * the page is not full and older lines exist, the word index finds the rest among them
   * (a word that rare has few lines to sort).
   */
  async searchLines(db: DbOrTx, q: LogSearch, limit: number, before?: Position, recentWindow = RECENT_WINDOW): Promise<LogLineRow[]> {
    const l = functionLogLines;
    const where: Array<SQL | undefined> = [eq(l.functionId, q.functionId), pastCursor(l.at, l.id, before)];
    if (q.levels?.length) where.push(inArray(l.level, q.levels as LogLineRow['level'][]));
    if (q.requestId) where.push(eq(l.requestId, q.requestId));
    if (q.from) where.push(gte(l.at, q.from));
    if (q.to) where.push(lte(l.at, q.to));
    const newest = () => db.select(LINE_COLUMNS).from(l).where(and(...where)).orderBy(desc(l.at), desc(l.id));
    if (!q.words.length) return newest().limit(limit);
    const words = sql`to_tsquery('simple', ${q.words.map((w) => `${w}:*`).join(' & ')})`;
    const recent = db.select({ ...LINE_COLUMNS, words: l.words }).from(l).where(and(...where)).orderBy(desc(l.at), desc(l.id)).limit(recentWindow).as('recent');
    const { words: recentWords, ...recentColumns } = recent._.selectedFields;
    const found: LogLineRow[] = await db.select(recentColumns).from(recent).where(sql`${recentWords} @@ ${words}`).orderBy(desc(recent.at), desc(recent.id)).limit(limit);
    if (found.length >= limit) return found;
    const [edge] = await db.select({ at: l.at, id: l.id }).from(l).where(and(...where)).orderBy(desc(l.at), desc(l.id)).offset(recentWindow - 1).limit(1);
    if (!edge) return found;
    const older = db.select(LINE_COLUMNS).from(l).where(and(...where, sql`${l.words} @@ ${words}`, sql`(${l.at}, ${l.id}) < (${edge.at.toISOString()}::timestamptz, ${edge.id})`));
    // Materialised, so the planner reads the word index rather than walking the time order again.
    const rest = (await db.execute(sql`with older as materialized (${older}) select * from older order by at desc, id desc limit ${limit - found.length}`)) as unknown as { rows: Array<Record<string, unknown>> };
    for (const r of rest.rows) {
      found.push({ id: Number(r.id), functionId: String(r.function_id), invocationId: String(r.invocation_id), requestId: String(r.request_id), version: String(r.version), at: new Date(r.at as string), level: r.level as LogLineRow['level'], message: String(r.message) });
    }
    return found;
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
        memoryMax: sql<number | null>`max(${i.memoryMb})`,
      })
      .from(i)
      .where(and(eq(i.functionId, f.functionId), gte(i.startedAt, f.since), f.version ? eq(i.version, f.version) : undefined, f.alias ? eq(i.alias, f.alias) : undefined))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  },

  /**
   * Drops what is older than `before`, function by function along each table's (function,
   * time) index, a batch a statement (a big delete would hold its locks for long): how many
   * rows went in all.
   */
  async prune(db: DbOrTx, before: Date, batch = 10_000): Promise<number> {
    const cutoff = sql`${before.toISOString()}::timestamptz`;
    let gone = 0;
    for (const { id } of await db.select({ id: cloudFunctions.id }).from(cloudFunctions)) {
      for (;;) {
        const lines = await db.execute(sql`delete from ${functionLogLines} where id in (select id from ${functionLogLines} where ${functionLogLines.functionId} = ${id} and ${functionLogLines.at} < ${cutoff} limit ${batch})`);
        const calls = await db.execute(sql`delete from ${functionInvocations} where ctid in (select ctid from ${functionInvocations} where ${functionInvocations.functionId} = ${id} and ${functionInvocations.startedAt} < ${cutoff} limit ${batch})`);
        const n = ((lines as unknown as { rowCount?: number }).rowCount ?? 0) + ((calls as unknown as { rowCount?: number }).rowCount ?? 0);
        gone += n;
        if (n === 0) break;
      }
    }
    return gone;
  },
};
