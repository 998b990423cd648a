import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { qualificationTasks } from './tables';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';

export type QualificationRow = typeof qualificationTasks.$inferSelect;

export const qualificationsRepo = {
  async insert(db: DbOrTx, row: typeof qualificationTasks.$inferInsert): Promise<QualificationRow> {
    const [created] = await db.insert(qualificationTasks).values(row).returning();
    return created!;
  },
  /** A task of the app (locked for a change when asked); undefined for any other app's. */
  async ofApp(db: DbOrTx, appId: string, id: string, lock = false): Promise<QualificationRow | undefined> {
    const q = db.select().from(qualificationTasks).where(and(eq(qualificationTasks.appId, appId), eq(qualificationTasks.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byId(db: DbOrTx, id: string, lock = false): Promise<QualificationRow | undefined> {
    const q = db.select().from(qualificationTasks).where(eq(qualificationTasks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof qualificationTasks.$inferInsert>): Promise<QualificationRow> {
    const [row] = await db.update(qualificationTasks).set(set).where(eq(qualificationTasks.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(qualificationTasks).where(eq(qualificationTasks.id, id));
  },
  /** An app's tasks, newest first. */
  async appPage(db: DbOrTx, appId: string, state: string | undefined, limit: number, before?: Position): Promise<QualificationRow[]> {
    const c: SQL[] = [eq(qualificationTasks.appId, appId)];
    if (state) c.push(eq(qualificationTasks.state, state));
    const seek = pastCursor(qualificationTasks.submittedAt, qualificationTasks.id, before);
    if (seek) c.push(seek);
    return db.select().from(qualificationTasks).where(and(...c)).orderBy(desc(qualificationTasks.submittedAt), desc(qualificationTasks.id)).limit(limit);
  },
  /** Every team's tasks of a state: pending ones oldest first, the others newest first. */
  async queuePage(db: DbOrTx, state: string, limit: number, after?: Position): Promise<QualificationRow[]> {
    const c: SQL[] = [eq(qualificationTasks.state, state)];
    const oldestFirst = state === 'pending';
    const at = qualificationTasks.submittedAt;
    const order = oldestFirst ? 'oldestFirst' : 'newestFirst';
    const seek = pastCursor(at, qualificationTasks.id, after, order);
    if (seek) c.push(seek);
    return db
      .select()
      .from(qualificationTasks)
      .where(and(...c))
      .orderBy(...keysetOrder(at, qualificationTasks.id, order))
      .limit(limit);
  },
};
