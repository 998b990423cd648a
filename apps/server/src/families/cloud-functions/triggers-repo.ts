import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { pastCursor } from '../../platform/db/keyset';
import { functionTriggerRuns, functionTriggers } from './tables';

export type TriggerRow = typeof functionTriggers.$inferSelect;
export type TriggerInsert = typeof functionTriggers.$inferInsert;
export type RunRow = typeof functionTriggerRuns.$inferSelect;
export type RunInsert = typeof functionTriggerRuns.$inferInsert;

/** The only reader and writer of functions' triggers and their runs. */
export const triggersRepo = {
  list(db: DbOrTx, functionId: string): Promise<TriggerRow[]> {
    return db.select().from(functionTriggers).where(eq(functionTriggers.functionId, functionId)).orderBy(functionTriggers.createdAt, functionTriggers.id);
  },
  async get(db: DbOrTx, functionId: string, id: string, lock = false): Promise<TriggerRow | undefined> {
    const q = db.select().from(functionTriggers).where(and(eq(functionTriggers.functionId, functionId), eq(functionTriggers.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /** A trigger a firing names, locked: null when it was deleted meanwhile. */
  async forFiring(db: DbOrTx, id: string): Promise<TriggerRow | undefined> {
    const [row] = await db.select().from(functionTriggers).where(eq(functionTriggers.id, id)).for('update');
    return row;
  },
  /** A project's event triggers of a source (read, not locked: busy triggers' deliveries on several instances must not wait on each other). */
  forEvent(db: DbOrTx, projectId: string, source: string): Promise<TriggerRow[]> {
    return db
      .select()
      .from(functionTriggers)
      .where(and(eq(functionTriggers.projectId, projectId), eq(functionTriggers.eventSource, source as 'storage')));
  },
  /** The projects with an enabled trigger on a source (what the event bus delivers of a busy topic). */
  async projectsListening(db: DbOrTx, source: 'clouddb'): Promise<string[]> {
    const rows = await db.selectDistinct({ projectId: functionTriggers.projectId }).from(functionTriggers).where(and(eq(functionTriggers.eventSource, source), eq(functionTriggers.enabled, true)));
    return rows.map((r) => r.projectId);
  },
  async insert(db: DbOrTx, row: TriggerInsert): Promise<TriggerRow> {
    const [made] = await db.insert(functionTriggers).values(row).returning();
    return made!;
  },
  async update(db: DbOrTx, id: string, change: Partial<TriggerInsert>): Promise<TriggerRow> {
    const [row] = await db.update(functionTriggers).set(change).where(eq(functionTriggers.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(functionTriggers).where(eq(functionTriggers.id, id));
  },

  async addRun(db: DbOrTx, run: RunInsert): Promise<void> {
    await db.insert(functionTriggerRuns).values(run);
  },
  /** Takes up to `limit` runs that are due, or whose lease ran out, marking them running until `leaseUntil`. */
  async claim(db: DbOrTx, now: Date, limit: number, leaseUntil: Date): Promise<RunRow[]> {
    const r = functionTriggerRuns;
    const due = db
      .select({ id: r.id })
      .from(r)
      .where(and(inArray(r.state, ['pending', 'running']), lte(r.nextAt, now)))
      .orderBy(r.nextAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(r)
      .set({ state: 'running', attempts: sql`${r.attempts} + 1`, nextAt: leaseUntil, updatedAt: now })
      .where(inArray(r.id, due))
      .returning();
  },
  async finish(db: DbOrTx, id: string, attempt: number, change: Partial<RunInsert>): Promise<void> {
    // Only the taker of this attempt settles it (a lease that ran out may have been taken again).
    await db
      .update(functionTriggerRuns)
      .set(change)
      .where(and(eq(functionTriggerRuns.id, id), eq(functionTriggerRuns.state, 'running'), eq(functionTriggerRuns.attempts, attempt)));
  },
  async getRun(db: DbOrTx, functionId: string, id: string, lock = false): Promise<RunRow | undefined> {
    const q = db.select().from(functionTriggerRuns).where(and(eq(functionTriggerRuns.functionId, functionId), eq(functionTriggerRuns.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async updateRun(db: DbOrTx, id: string, change: Partial<RunInsert>): Promise<RunRow> {
    const [row] = await db.update(functionTriggerRuns).set(change).where(eq(functionTriggerRuns.id, id)).returning();
    return row!;
  },
  runs(db: DbOrTx, functionId: string, state: RunRow['state'] | undefined, limit: number, before?: Position): Promise<RunRow[]> {
    const r = functionTriggerRuns;
    return db
      .select()
      .from(r)
      .where(and(eq(r.functionId, functionId), state ? eq(r.state, state) : undefined, pastCursor(r.updatedAt, r.id, before)))
      .orderBy(desc(r.updatedAt), desc(r.id))
      .limit(limit);
  },
  /** Settled runs older than `before` go; dead ones stay until replayed or their function goes. */
  async pruneRuns(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(functionTriggerRuns).where(and(eq(functionTriggerRuns.state, 'done'), lte(functionTriggerRuns.updatedAt, before)));
  },
};
