import { eq, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { immersiveInfos } from './tables';

export type InfoRow = typeof immersiveInfos.$inferSelect;

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
  /** The info follows its app to another team; answers the pictures it uses (draft and published). */
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<string[]> {
    const [row] = await db.update(immersiveInfos).set({ teamId }).where(eq(immersiveInfos.appId, appId)).returning();
    return row ? [...new Set([row.imageObjectId, ...(row.published ? [row.published.imageObjectId] : [])])] : [];
  },
  /** The app's info goes with it (unrun: a part of the app's deleting statement). */
  removing(db: DbOrTx, appId: string | Placeholder) {
    return db.delete(immersiveInfos).where(eq(immersiveInfos.appId, appId));
  },
};
