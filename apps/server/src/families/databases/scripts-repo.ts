import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { sqlScripts, sqlTasks } from './tables';

export type ScriptRow = typeof sqlScripts.$inferSelect;
export type TaskRow = typeof sqlTasks.$inferSelect;

/** The only reader and writer of saved scripts and their runs. */
export const scriptsRepo = {
  async list(db: DbOrTx, databaseId: string): Promise<ScriptRow[]> {
    return db.select().from(sqlScripts).where(eq(sqlScripts.databaseId, databaseId)).orderBy(asc(sqlScripts.name));
  },
  async count(db: DbOrTx, databaseId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sqlScripts).where(eq(sqlScripts.databaseId, databaseId));
    return Number(row?.n ?? 0);
  },
  async byId(db: DbOrTx, databaseId: string, id: string): Promise<ScriptRow | undefined> {
    const [row] = await db.select().from(sqlScripts).where(and(eq(sqlScripts.databaseId, databaseId), eq(sqlScripts.id, id)));
    return row;
  },
  async byName(db: DbOrTx, databaseId: string, name: string): Promise<ScriptRow | undefined> {
    const [row] = await db.select().from(sqlScripts).where(and(eq(sqlScripts.databaseId, databaseId), eq(sqlScripts.name, name)));
    return row;
  },
  async insert(db: DbOrTx, row: typeof sqlScripts.$inferInsert): Promise<ScriptRow> {
    const [created] = await db.insert(sqlScripts).values(row).returning();
    return created!;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof sqlScripts.$inferInsert>): Promise<ScriptRow> {
    const [row] = await db.update(sqlScripts).set(set).where(eq(sqlScripts.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(sqlScripts).where(eq(sqlScripts.id, id));
  },
  async insertTask(db: DbOrTx, row: typeof sqlTasks.$inferInsert): Promise<TaskRow> {
    const [created] = await db.insert(sqlTasks).values(row).returning();
    return created!;
  },
  async task(db: DbOrTx, id: string, lock = false): Promise<TaskRow | undefined> {
    const q = db.select().from(sqlTasks).where(eq(sqlTasks.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async tasks(db: DbOrTx, databaseId: string, limit: number): Promise<TaskRow[]> {
    return db.select().from(sqlTasks).where(eq(sqlTasks.databaseId, databaseId)).orderBy(desc(sqlTasks.createdAt), desc(sqlTasks.id)).limit(limit);
  },
  async updateTask(db: DbOrTx, id: string, set: Partial<typeof sqlTasks.$inferInsert>): Promise<TaskRow> {
    const [row] = await db.update(sqlTasks).set(set).where(eq(sqlTasks.id, id)).returning();
    return row!;
  },
  async removeTask(db: DbOrTx, id: string): Promise<void> {
    await db.delete(sqlTasks).where(eq(sqlTasks.id, id));
  },
};
