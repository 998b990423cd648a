import { and, count, desc, eq } from 'drizzle-orm';
import { users } from '../accounts/public';
import type { DbOrTx } from '../../platform/db/types';
import { abExperiments } from './tables';

export type ExperimentRow = typeof abExperiments.$inferSelect;
export type ExperimentWithNames = ExperimentRow & { creator: string | null };

const withCreator = { row: abExperiments, creator: users.displayName };
const named = (r: { row: ExperimentRow; creator: string | null }): ExperimentWithNames => ({ ...r.row, creator: r.creator });

/** The only reader and writer of the family's table. */
export const experimentsRepo = {
  async list(db: DbOrTx, appId: string): Promise<ExperimentWithNames[]> {
    const rows = await db
      .select(withCreator)
      .from(abExperiments)
      .leftJoin(users, eq(users.id, abExperiments.createdBy))
      .where(eq(abExperiments.appId, appId))
      .orderBy(desc(abExperiments.createdAt), desc(abExperiments.id));
    return rows.map(named);
  },
  async get(db: DbOrTx, appId: string, id: string, forUpdate = false): Promise<ExperimentWithNames | undefined> {
    const q = db
      .select(withCreator)
      .from(abExperiments)
      .leftJoin(users, eq(users.id, abExperiments.createdBy))
      .where(and(eq(abExperiments.appId, appId), eq(abExperiments.id, id)));
    const [found] = await (forUpdate ? q.for('update', { of: abExperiments }) : q);
    return found ? named(found) : undefined;
  },
  async count(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(abExperiments).where(eq(abExperiments.appId, appId));
    return Number(row?.n ?? 0);
  },
  async insert(db: DbOrTx, row: typeof abExperiments.$inferInsert): Promise<void> {
    await db.insert(abExperiments).values(row);
  },
  async update(db: DbOrTx, id: string, patch: Partial<Omit<ExperimentRow, 'id' | 'appId'>>): Promise<void> {
    await db.update(abExperiments).set(patch).where(eq(abExperiments.id, id));
  },
  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(abExperiments).where(eq(abExperiments.id, id));
  },
};
