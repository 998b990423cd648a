import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/types';
import { users } from '../tables';

export type UserRow = typeof users.$inferSelect;

export const usersRepo = {
  async byEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  },
  async byId(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async byIds(db: DbOrTx, ids: readonly string[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(users).where(inArray(users.id, [...ids]));
  },
  async insert(db: DbOrTx, row: typeof users.$inferInsert): Promise<UserRow> {
    const [created] = await db.insert(users).values({ ...row, email: row.email.toLowerCase() }).returning();
    return created!;
  },
  async setPassword(db: DbOrTx, id: string, passwordHash: string, sessionsValidAfter: Date): Promise<void> {
    await db.update(users).set({ passwordHash, sessionsValidAfter }).where(eq(users.id, id));
  },
  async setOperatorRoles(db: DbOrTx, id: string, roles: string[]): Promise<void> {
    await db.update(users).set({ operatorRoles: roles }).where(eq(users.id, id));
  },
  async operators(db: DbOrTx): Promise<UserRow[]> {
    return db.select().from(users).where(sql`cardinality(${users.operatorRoles}) > 0`).orderBy(users.email);
  },
  async count(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row?.n ?? 0;
  },
};
