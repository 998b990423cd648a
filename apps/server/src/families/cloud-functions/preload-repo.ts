import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { functionPreloadPolicies, functionRunnerSnapshots } from './tables';

export type PolicyRow = typeof functionPreloadPolicies.$inferSelect;
export type PolicyInsert = typeof functionPreloadPolicies.$inferInsert;
export type SnapshotRow = typeof functionRunnerSnapshots.$inferSelect;

/** The only reader and writer of preload policies and runner snapshots. */
export const preloadRepo = {
  list(db: DbOrTx, functionId: string): Promise<PolicyRow[]> {
    return db.select().from(functionPreloadPolicies).where(eq(functionPreloadPolicies.functionId, functionId)).orderBy(asc(functionPreloadPolicies.createdAt), asc(functionPreloadPolicies.id));
  },
  /** Every enabled policy of every function (few: a handful a function at most). */
  enabled(db: DbOrTx): Promise<PolicyRow[]> {
    return db.select().from(functionPreloadPolicies).where(eq(functionPreloadPolicies.enabled, true));
  },
  async insert(db: DbOrTx, row: PolicyInsert): Promise<PolicyRow> {
    const [made] = await db.insert(functionPreloadPolicies).values(row).returning();
    return made!;
  },
  async update(db: DbOrTx, functionId: string, id: string, change: Partial<PolicyInsert>): Promise<PolicyRow | undefined> {
    const [row] = await db.update(functionPreloadPolicies).set(change).where(and(eq(functionPreloadPolicies.functionId, functionId), eq(functionPreloadPolicies.id, id))).returning();
    return row;
  },
  async remove(db: DbOrTx, functionId: string, id: string): Promise<PolicyRow | undefined> {
    const [gone] = await db.delete(functionPreloadPolicies).where(and(eq(functionPreloadPolicies.functionId, functionId), eq(functionPreloadPolicies.id, id))).returning();
    return gone;
  },

  async report(db: DbOrTx, row: SnapshotRow): Promise<void> {
    await db.insert(functionRunnerSnapshots).values(row).onConflictDoUpdate({ target: functionRunnerSnapshots.instance, set: { at: row.at, runners: row.runners } });
  },
  async forget(db: DbOrTx, instance: string, staleBefore: Date): Promise<void> {
    await db.delete(functionRunnerSnapshots).where(sql`${functionRunnerSnapshots.instance} = ${instance} or ${lt(functionRunnerSnapshots.at, staleBefore)}`);
  },
  snapshots(db: DbOrTx, since: Date): Promise<SnapshotRow[]> {
    return db.select().from(functionRunnerSnapshots).where(gte(functionRunnerSnapshots.at, since)).orderBy(asc(functionRunnerSnapshots.instance));
  },
};
