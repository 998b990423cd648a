import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { immersiveInfos, immersiveReviewTasks } from './tables';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';

export type InfoRow = typeof immersiveInfos.$inferSelect;
export type ImmersiveTaskRow = typeof immersiveReviewTasks.$inferSelect;

export const immersiveRepo = {
  async byApp(db: DbOrTx, appId: string): Promise<InfoRow | undefined> {
    const [row] = await db.select().from(immersiveInfos).where(eq(immersiveInfos.appId, appId));
    return row;
  },
  /** The row locked for a state change, so two changes of one app's info run one after the other. */
  async lock(db: DbOrTx, appId: string): Promise<InfoRow | undefined> {
    const [row] = await db.select().from(immersiveInfos).where(eq(immersiveInfos.appId, appId)).for('update');
    return row;
  },
  /** Undefined when the app has one already (two creates racing: one wins). */
  async insert(db: DbOrTx, row: typeof immersiveInfos.$inferInsert): Promise<InfoRow | undefined> {
    const [created] = await db.insert(immersiveInfos).values(row).onConflictDoNothing().returning();
    return created;
  },
  async update(db: DbOrTx, appId: string, set: Partial<typeof immersiveInfos.$inferInsert>): Promise<InfoRow> {
    const [row] = await db.update(immersiveInfos).set(set).where(eq(immersiveInfos.appId, appId)).returning();
    return row!;
  },
  async remove(db: DbOrTx, appId: string): Promise<void> {
    await db.delete(immersiveInfos).where(eq(immersiveInfos.appId, appId));
  },
  async insertTask(db: DbOrTx, row: typeof immersiveReviewTasks.$inferInsert): Promise<ImmersiveTaskRow> {
    const [created] = await db.insert(immersiveReviewTasks).values(row).returning();
    return created!;
  },
  async openTask(db: DbOrTx, appId: string): Promise<ImmersiveTaskRow | undefined> {
    const [row] = await db.select().from(immersiveReviewTasks).where(and(eq(immersiveReviewTasks.appId, appId), eq(immersiveReviewTasks.state, 'open')));
    return row;
  },
  async task(db: DbOrTx, id: string, lock = false): Promise<ImmersiveTaskRow | undefined> {
    const q = db.select().from(immersiveReviewTasks).where(eq(immersiveReviewTasks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async closeTask(db: DbOrTx, id: string, set: { state: string; reviewerId?: string | null; decidedAt: Date; comment?: string | null }): Promise<ImmersiveTaskRow> {
    const [row] = await db.update(immersiveReviewTasks).set(set).where(eq(immersiveReviewTasks.id, id)).returning();
    return row!;
  },
  /** Open tasks oldest first (first come, first judged); closed ones newest first. */
  async taskPage(db: DbOrTx, state: string, limit: number, after?: Position): Promise<ImmersiveTaskRow[]> {
    const c: SQL[] = [eq(immersiveReviewTasks.state, state)];
    const oldestFirst = state === 'open';
    const at = oldestFirst ? immersiveReviewTasks.submittedAt : immersiveReviewTasks.decidedAt;
    const order = oldestFirst ? 'oldestFirst' : 'newestFirst';
    const seek = pastCursor(at, immersiveReviewTasks.id, after, order);
    if (seek) c.push(seek);
    return db
      .select()
      .from(immersiveReviewTasks)
      .where(and(...c))
      .orderBy(...keysetOrder(at, immersiveReviewTasks.id, order))
      .limit(limit);
  },
};
