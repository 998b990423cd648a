import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { functionTestEvents } from './tables';

export type TestEventRow = typeof functionTestEvents.$inferSelect;

/** The only reader and writer of functions' saved test events. */
export const testEventsRepo = {
  list(db: DbOrTx, functionId: string): Promise<TestEventRow[]> {
    return db.select().from(functionTestEvents).where(eq(functionTestEvents.functionId, functionId)).orderBy(asc(functionTestEvents.name));
  },
  async save(db: DbOrTx, row: TestEventRow): Promise<TestEventRow> {
    const [saved] = await db
      .insert(functionTestEvents)
      .values(row)
      .onConflictDoUpdate({ target: [functionTestEvents.functionId, functionTestEvents.name], set: { event: sql`excluded.event`, updatedAt: sql`excluded.updated_at` } })
      .returning();
    return saved!;
  },
  async remove(db: DbOrTx, functionId: string, name: string): Promise<boolean> {
    const gone = await db.delete(functionTestEvents).where(and(eq(functionTestEvents.functionId, functionId), eq(functionTestEvents.name, name))).returning({ name: functionTestEvents.name });
    return gone.length > 0;
  },
};
