import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appUserSessions } from './tables';

export type AppUserSessionRow = typeof appUserSessions.$inferSelect;
export type EndReason = 'signOut' | 'reused' | 'revoked' | 'disabled' | 'replaced';

export const sessionsRepo = {
  async insert(db: DbOrTx, row: typeof appUserSessions.$inferInsert): Promise<AppUserSessionRow> {
    const [created] = await db.insert(appUserSessions).values(row).returning();
    return created!;
  },
  async forUpdate(db: DbOrTx, id: string): Promise<AppUserSessionRow | undefined> {
    const [row] = await db.select().from(appUserSessions).where(eq(appUserSessions.id, id)).limit(1).for('update');
    return row;
  },
  async byId(db: DbOrTx, id: string): Promise<AppUserSessionRow | undefined> {
    const [row] = await db.select().from(appUserSessions).where(eq(appUserSessions.id, id)).limit(1);
    return row;
  },
  async rotate(db: DbOrTx, id: string, set: { tokenDigest: string; refreshedAt: Date; expiresAt: Date }): Promise<void> {
    await db.update(appUserSessions).set(set).where(eq(appUserSessions.id, id));
  },
  async end(db: DbOrTx, id: string, reason: EndReason, at: Date): Promise<void> {
    await db.update(appUserSessions).set({ endedReason: reason, endedAt: at }).where(and(eq(appUserSessions.id, id), isNull(appUserSessions.endedAt)));
  },
  /** Ends every open session of the user; answers how many. */
  async endAll(db: DbOrTx, userId: string, reason: EndReason, at: Date): Promise<number> {
    const rows = await db
      .update(appUserSessions)
      .set({ endedReason: reason, endedAt: at })
      .where(and(eq(appUserSessions.userId, userId), isNull(appUserSessions.endedAt)))
      .returning({ id: appUserSessions.id });
    return rows.length;
  },
  async openCount(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appUserSessions).where(and(eq(appUserSessions.userId, userId), isNull(appUserSessions.endedAt)));
    return row?.n ?? 0;
  },
};
