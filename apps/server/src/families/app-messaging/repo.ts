import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appMessageChanges, appMessages } from './tables';

export type MessageRow = typeof appMessages.$inferSelect;
export type ChangeRow = typeof appMessageChanges.$inferSelect;

/** The only reader and writer of the family's tables. */
export const messagesRepo = {
  async list(db: DbOrTx, appId: string): Promise<MessageRow[]> {
    return db.select().from(appMessages).where(eq(appMessages.appId, appId)).orderBy(desc(appMessages.priority), desc(appMessages.createdAt));
  },
  async count(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appMessages).where(eq(appMessages.appId, appId));
    return row?.n ?? 0;
  },
  async get(db: DbOrTx, appId: string, id: string): Promise<MessageRow | undefined> {
    const [row] = await db.select().from(appMessages).where(and(eq(appMessages.appId, appId), eq(appMessages.id, id)));
    return row;
  },
  /** Published messages that have not ended: what devices may be sent. */
  async live(db: DbOrTx, appId: string, now: Date): Promise<MessageRow[]> {
    return db
      .select()
      .from(appMessages)
      .where(and(eq(appMessages.appId, appId), eq(appMessages.status, 'published'), or(isNull(appMessages.endAt), gt(appMessages.endAt, now))))
      .orderBy(desc(appMessages.priority), asc(appMessages.createdAt));
  },
  async insert(db: DbOrTx, row: typeof appMessages.$inferInsert): Promise<MessageRow> {
    const [made] = await db.insert(appMessages).values(row).returning();
    return made!;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof appMessages.$inferInsert>): Promise<MessageRow> {
    const [row] = await db.update(appMessages).set(set).where(eq(appMessages.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(appMessages).where(eq(appMessages.id, id));
  },
  async addChange(db: DbOrTx, row: typeof appMessageChanges.$inferInsert): Promise<void> {
    await db.insert(appMessageChanges).values(row);
  },
  async changes(db: DbOrTx, ids: readonly string[]): Promise<ChangeRow[]> {
    if (!ids.length) return [];
    return db.select().from(appMessageChanges).where(inArray(appMessageChanges.messageId, [...ids])).orderBy(asc(appMessageChanges.at));
  },
};
