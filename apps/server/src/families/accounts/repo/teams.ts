import { and, asc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/types';
import { likeContains } from '../../../platform/db/like';
import { customRoles, memberships, teams, users } from '../tables';

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type CustomRoleRow = typeof customRoles.$inferSelect;

export const teamsRepo = {
  async insert(db: DbOrTx, row: typeof teams.$inferInsert): Promise<TeamRow> {
    const [created] = await db.insert(teams).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, id: string): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.id, id));
    return row;
  },
  async byIds(db: DbOrTx, ids: readonly string[]): Promise<TeamRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(teams).where(inArray(teams.id, [...ids]));
  },
  async ofUser(db: DbOrTx, userId: string): Promise<Array<{ team: TeamRow; membership: MembershipRow }>> {
    return db
      .select({ team: teams, membership: memberships })
      .from(memberships)
      .innerJoin(teams, eq(teams.id, memberships.teamId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt));
  },
  async addMember(db: DbOrTx, row: typeof memberships.$inferInsert): Promise<void> {
    await db.insert(memberships).values(row);
  },
  async membership(db: DbOrTx, teamId: string, userId: string): Promise<MembershipRow | undefined> {
    const [row] = await db.select().from(memberships).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
    return row;
  },
  async updateMembership(db: DbOrTx, teamId: string, userId: string, set: Partial<Pick<MembershipRow, 'roles' | 'appIds' | 'expiresAt'>>): Promise<void> {
    await db.update(memberships).set(set).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  },
  async removeMember(db: DbOrTx, teamId: string, userId: string): Promise<boolean> {
    const rows = await db.delete(memberships).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId))).returning();
    return rows.length > 0;
  },
  async memberCount(db: DbOrTx, teamId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(memberships).where(eq(memberships.teamId, teamId));
    return row?.n ?? 0;
  },
  async teamCountOf(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(memberships).where(eq(memberships.userId, userId));
    return row?.n ?? 0;
  },

  /** Members ordered by join time then id: the keyset the cursor encodes. */
  async members(
    db: DbOrTx,
    teamId: string,
    opts: { limit: number; after?: { at: Date; id: string }; search?: string },
  ): Promise<Array<{ membership: MembershipRow; user: typeof users.$inferSelect }>> {
    const conditions = [eq(memberships.teamId, teamId)];
    if (opts.after) {
      conditions.push(
        or(
          gt(memberships.createdAt, opts.after.at),
          and(eq(memberships.createdAt, opts.after.at), gt(memberships.userId, opts.after.id)),
        )!,
      );
    }
    if (opts.search) {
      const like = likeContains(opts.search);
      conditions.push(or(ilike(users.email, like), ilike(users.displayName, like))!);
    }
    return db
      .select({ membership: memberships, user: users })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(...conditions))
      .orderBy(asc(memberships.createdAt), asc(memberships.userId))
      .limit(opts.limit);
  },
  async countMembersMatching(db: DbOrTx, teamId: string, search?: string): Promise<number> {
    const conditions = [eq(memberships.teamId, teamId)];
    if (search) {
      const like = likeContains(search);
      conditions.push(or(ilike(users.email, like), ilike(users.displayName, like))!);
    }
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(...conditions));
    return row?.n ?? 0;
  },

  async customRoles(db: DbOrTx, teamId: string, ids?: string[]): Promise<CustomRoleRow[]> {
    const where = ids ? and(eq(customRoles.teamId, teamId), inArray(customRoles.id, ids)) : eq(customRoles.teamId, teamId);
    return db.select().from(customRoles).where(where).orderBy(asc(customRoles.name));
  },
  async customRole(db: DbOrTx, teamId: string, id: string): Promise<CustomRoleRow | undefined> {
    const [row] = await db.select().from(customRoles).where(and(eq(customRoles.teamId, teamId), eq(customRoles.id, id)));
    return row;
  },
  async insertCustomRole(db: DbOrTx, row: typeof customRoles.$inferInsert): Promise<CustomRoleRow> {
    const [created] = await db.insert(customRoles).values(row).returning();
    return created!;
  },
  async updateCustomRole(db: DbOrTx, id: string, set: Pick<CustomRoleRow, 'name' | 'permissions' | 'updatedAt'>): Promise<CustomRoleRow> {
    const [row] = await db.update(customRoles).set(set).where(eq(customRoles.id, id)).returning();
    return row!;
  },
  async deleteCustomRole(db: DbOrTx, id: string): Promise<void> {
    await db.delete(customRoles).where(eq(customRoles.id, id));
  },
  /** How many members hold each role key in a team. */
  async roleCounts(db: DbOrTx, teamId: string): Promise<Map<string, number>> {
    const rows = await db
      .select({ key: sql<string>`unnest(${memberships.roles})`, n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.teamId, teamId))
      .groupBy(sql`1`);
    return new Map(rows.map((r) => [r.key, r.n]));
  },
};
