import { and, eq, inArray, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { qualifications } from './tables';

export type QualificationRow = typeof qualifications.$inferSelect;

export const qualificationsRepo = {
  async insert(db: DbOrTx, row: typeof qualifications.$inferInsert): Promise<QualificationRow> {
    const [created] = await db.insert(qualifications).values(row).returning();
    return created!;
  },
  /** A qualification of the app (locked for a change when asked); undefined for any other app's. */
  async ofApp(db: DbOrTx, appId: string, id: string, lock = false): Promise<QualificationRow | undefined> {
    const q = db.select().from(qualifications).where(and(eq(qualifications.appId, appId), eq(qualifications.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byId(db: DbOrTx, id: string, lock = false): Promise<QualificationRow | undefined> {
    const q = db.select().from(qualifications).where(eq(qualifications.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byIds(db: DbOrTx, ids: string[]): Promise<QualificationRow[]> {
    if (!ids.length) return [];
    return db.select().from(qualifications).where(inArray(qualifications.id, ids));
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof qualifications.$inferInsert>): Promise<QualificationRow> {
    const [row] = await db.update(qualifications).set(set).where(eq(qualifications.id, id)).returning();
    return row!;
  },
  /** An app's qualifications follow it to another team; answers their documents. */
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<string[]> {
    const moved = await db.update(qualifications).set({ teamId }).where(eq(qualifications.appId, appId)).returning({ objectIds: qualifications.objectIds });
    return [...new Set(moved.flatMap((r) => r.objectIds))];
  },
  /** The app's qualifications go with it (unrun: a part of the app's deleting statement). */
  removingApp(db: DbOrTx, appId: string | Placeholder) {
    return db.delete(qualifications).where(eq(qualifications.appId, appId));
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(qualifications).where(eq(qualifications.id, id));
  },
};
