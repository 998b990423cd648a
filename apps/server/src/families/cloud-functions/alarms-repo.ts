import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { users } from '../accounts/public';
import { cloudFunctions, functionAlarms, functionInvocations } from './tables';

export type AlarmRow = typeof functionAlarms.$inferSelect;
export type AlarmInsert = typeof functionAlarms.$inferInsert;

/** The only reader and writer of functions' alarms. */
export const alarmsRepo = {
  list(db: DbOrTx, functionId: string) {
    return db
      .select({ alarm: functionAlarms, ownerEmail: users.email })
      .from(functionAlarms)
      .innerJoin(users, eq(users.id, functionAlarms.ownerId))
      .where(eq(functionAlarms.functionId, functionId))
      .orderBy(asc(functionAlarms.createdAt), asc(functionAlarms.id));
  },
  async get(db: DbOrTx, functionId: string, id: string): Promise<AlarmRow | undefined> {
    const [row] = await db.select().from(functionAlarms).where(and(eq(functionAlarms.functionId, functionId), eq(functionAlarms.id, id))).for('update');
    return row;
  },
  async insert(db: DbOrTx, row: AlarmInsert): Promise<AlarmRow> {
    const [made] = await db.insert(functionAlarms).values(row).returning();
    return made!;
  },
  async update(db: DbOrTx, id: string, change: Partial<AlarmInsert>): Promise<AlarmRow> {
    const [row] = await db.update(functionAlarms).set(change).where(eq(functionAlarms.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(functionAlarms).where(eq(functionAlarms.id, id));
  },
  /** Enabled alarms not evaluated since `before`, with what their mail needs, taken by one instance each (SKIP LOCKED). */
  due(db: DbOrTx, before: Date, limit: number) {
    return db
      .select({ alarm: functionAlarms, email: users.email, language: users.language, functionName: cloudFunctions.name, projectId: cloudFunctions.projectId })
      .from(functionAlarms)
      .innerJoin(users, eq(users.id, functionAlarms.ownerId))
      .innerJoin(cloudFunctions, eq(cloudFunctions.id, functionAlarms.functionId))
      .where(and(eq(functionAlarms.enabled, true), or(isNull(functionAlarms.evaluatedAt), lt(functionAlarms.evaluatedAt, before))))
      .orderBy(asc(functionAlarms.evaluatedAt))
      .limit(limit)
      .for('update', { of: functionAlarms, skipLocked: true });
  },
  /** The calls of a function since `since`: how many, how many failed or were throttled, and p95 of those that ran. */
  async window(db: DbOrTx, functionId: string, since: Date): Promise<{ calls: number; errors: number; throttles: number; p95: number | null }> {
    const i = functionInvocations;
    const [row] = await db
      .select({
        calls: sql<number>`count(*)::int`,
        errors: sql<number>`(count(*) filter (where ${i.outcome} in ('error', 'timeout', 'crashed')))::int`,
        throttles: sql<number>`(count(*) filter (where ${i.outcome} = 'throttled'))::int`,
        p95: sql<number | null>`percentile_cont(0.95) within group (order by ${i.durationMs}) filter (where ${i.outcome} <> 'throttled')`,
      })
      .from(i)
      .where(and(eq(i.functionId, functionId), gte(i.startedAt, since)));
    return row ?? { calls: 0, errors: 0, throttles: 0, p95: null };
  },
};
