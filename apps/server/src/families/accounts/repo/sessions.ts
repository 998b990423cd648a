import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/types';
import { memberships, sessions, teams, users } from '../tables';

export type SessionRow = typeof sessions.$inferSelect;

export interface SessionLookup {
  session: SessionRow;
  user: typeof users.$inferSelect;
  membership: typeof memberships.$inferSelect | null;
  team: typeof teams.$inferSelect | null;
}

export const sessionsRepo = {
  async insert(db: DbOrTx, row: typeof sessions.$inferInsert): Promise<SessionRow> {
    const [created] = await db.insert(sessions).values(row).returning();
    return created!;
  },

  /**
   * The session, its user and the membership of the team the request names, in one round
   * trip: this runs on every authenticated call.
   */
  async lookup(db: DbOrTx, tokenHash: string, teamId: string | null): Promise<SessionLookup | undefined> {
    const rows = await db
      .select({ session: sessions, user: users, membership: memberships, team: teams })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), teamId ? eq(memberships.teamId, teamId) : sql`false`))
      .leftJoin(teams, eq(teams.id, memberships.teamId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    return rows[0];
  },

  async byId(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
    return row;
  },

  async renew(db: DbOrTx, id: string, refreshedAt: Date, expiresAt: Date): Promise<void> {
    await db.update(sessions).set({ refreshedAt, expiresAt }).where(eq(sessions.id, id));
  },

  async setTeam(db: DbOrTx, id: string, teamId: string | null): Promise<void> {
    await db.update(sessions).set({ currentTeamId: teamId }).where(eq(sessions.id, id));
  },

  async revoke(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  async revokeAllOf(db: DbOrTx, userId: string, at: Date): Promise<void> {
    await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};
