import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { databaseAccounts, projectDatabases, sqlHistory } from './tables';

export type DatabaseRow = typeof projectDatabases.$inferSelect;
export type AccountRow = typeof databaseAccounts.$inferSelect;
export type HistoryRow = typeof sqlHistory.$inferSelect;

/** The only reader and writer of the database-management tables. */
export const databasesRepo = {
  async insert(db: DbOrTx, row: typeof projectDatabases.$inferInsert): Promise<DatabaseRow> {
    const [created] = await db.insert(projectDatabases).values(row).returning();
    return created!;
  },
  async ofProject(db: DbOrTx, projectId: string): Promise<DatabaseRow[]> {
    return db.select().from(projectDatabases).where(eq(projectDatabases.projectId, projectId)).orderBy(asc(projectDatabases.createdAt), asc(projectDatabases.id));
  },
  async count(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projectDatabases).where(eq(projectDatabases.projectId, projectId));
    return Number(row?.n ?? 0);
  },
  async byId(db: DbOrTx, projectId: string, id: string, lock = false): Promise<DatabaseRow | undefined> {
    const q = db.select().from(projectDatabases).where(and(eq(projectDatabases.projectId, projectId), eq(projectDatabases.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async byIdAnyProject(db: DbOrTx, id: string, lock = false): Promise<DatabaseRow | undefined> {
    const q = db.select().from(projectDatabases).where(eq(projectDatabases.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /** Every ready database of the deployment (the size-quota check's rounds). */
  async ready(db: DbOrTx): Promise<DatabaseRow[]> {
    return db.select().from(projectDatabases).where(eq(projectDatabases.state, 'ready'));
  },
  async byName(db: DbOrTx, projectId: string, name: string): Promise<DatabaseRow | undefined> {
    const [row] = await db.select().from(projectDatabases).where(and(eq(projectDatabases.projectId, projectId), eq(projectDatabases.name, name)));
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof projectDatabases.$inferInsert>): Promise<DatabaseRow> {
    const [row] = await db.update(projectDatabases).set(set).where(eq(projectDatabases.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(projectDatabases).where(eq(projectDatabases.id, id));
  },
  /** Databases of the project that are not being deleted. */
  async liveCount(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(projectDatabases)
      .where(and(eq(projectDatabases.projectId, projectId), ne(projectDatabases.state, 'deleting')));
    return Number(row?.n ?? 0);
  },
  async accounts(db: DbOrTx, databaseId: string): Promise<AccountRow[]> {
    return db.select().from(databaseAccounts).where(eq(databaseAccounts.databaseId, databaseId)).orderBy(asc(databaseAccounts.createdAt), asc(databaseAccounts.id));
  },
  async accountsOf(db: DbOrTx, databaseIds: readonly string[]): Promise<AccountRow[]> {
    if (!databaseIds.length) return [];
    return db.select().from(databaseAccounts).where(inArray(databaseAccounts.databaseId, [...databaseIds]));
  },
  async account(db: DbOrTx, databaseId: string, id: string): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(databaseAccounts).where(and(eq(databaseAccounts.databaseId, databaseId), eq(databaseAccounts.id, id)));
    return row;
  },
  async insertAccount(db: DbOrTx, row: typeof databaseAccounts.$inferInsert): Promise<AccountRow> {
    const [created] = await db.insert(databaseAccounts).values(row).returning();
    return created!;
  },
  async removeAccount(db: DbOrTx, id: string): Promise<void> {
    await db.delete(databaseAccounts).where(eq(databaseAccounts.id, id));
  },
  async addHistory(db: DbOrTx, row: typeof sqlHistory.$inferInsert, keep: number): Promise<void> {
    await db.insert(sqlHistory).values(row);
    // What is past the kept number goes: the newest `keep` of this person in this database stay.
    const [oldest] = await db
      .select({ at: sqlHistory.at })
      .from(sqlHistory)
      .where(and(eq(sqlHistory.databaseId, row.databaseId), eq(sqlHistory.userId, row.userId)))
      .orderBy(desc(sqlHistory.at), desc(sqlHistory.id))
      .offset(keep - 1)
      .limit(1);
    if (oldest) await db.delete(sqlHistory).where(and(eq(sqlHistory.databaseId, row.databaseId), eq(sqlHistory.userId, row.userId), lt(sqlHistory.at, oldest.at)));
  },
  async history(db: DbOrTx, databaseId: string, userId: string, limit: number): Promise<HistoryRow[]> {
    return db
      .select()
      .from(sqlHistory)
      .where(and(eq(sqlHistory.databaseId, databaseId), eq(sqlHistory.userId, userId)))
      .orderBy(desc(sqlHistory.at), desc(sqlHistory.id))
      .limit(limit);
  },
};
