import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { reviewReplyTemplates } from './tables';

export type TemplateRow = typeof reviewReplyTemplates.$inferSelect;

/** The only reader and writer of reply templates. */
export const templatesRepo = {
  list(db: DbOrTx, teamId: string): Promise<TemplateRow[]> {
    return db.select().from(reviewReplyTemplates).where(eq(reviewReplyTemplates.teamId, teamId)).orderBy(asc(reviewReplyTemplates.name));
  },
  async count(db: DbOrTx, teamId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reviewReplyTemplates).where(eq(reviewReplyTemplates.teamId, teamId));
    return row?.n ?? 0;
  },
  async nameTaken(db: DbOrTx, teamId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await db
      .select({ id: reviewReplyTemplates.id })
      .from(reviewReplyTemplates)
      .where(and(eq(reviewReplyTemplates.teamId, teamId), eq(reviewReplyTemplates.name, name), exceptId ? ne(reviewReplyTemplates.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  },
  /** Undefined when the name is taken (a race the check before did not see). */
  async insert(db: DbOrTx, row: typeof reviewReplyTemplates.$inferInsert): Promise<TemplateRow | undefined> {
    const [created] = await db.insert(reviewReplyTemplates).values(row).onConflictDoNothing().returning();
    return created;
  },
  async update(db: DbOrTx, teamId: string, id: string, set: { name: string; text: string; updatedAt: Date }): Promise<TemplateRow | undefined> {
    const [row] = await db.update(reviewReplyTemplates).set(set).where(and(eq(reviewReplyTemplates.teamId, teamId), eq(reviewReplyTemplates.id, id))).returning();
    return row;
  },
  async remove(db: DbOrTx, teamId: string, id: string): Promise<TemplateRow | undefined> {
    const [row] = await db.delete(reviewReplyTemplates).where(and(eq(reviewReplyTemplates.teamId, teamId), eq(reviewReplyTemplates.id, id))).returning();
    return row;
  },
};
