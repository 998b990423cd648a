import { and, arrayOverlaps, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { testers, testGroups, testInstalls, testInvitations, testVersions } from './tables';
import { pastCursor } from '../../platform/db/keyset';

export type GroupRow = typeof testGroups.$inferSelect;
export type TesterRow = typeof testers.$inferSelect;
export type InvitationRow = typeof testInvitations.$inferSelect;
export type TestVersionRow = typeof testVersions.$inferSelect;

/** The only importer of the testing tables. */
export const testingRepo = {
  // ---- groups ----
  /** Serialises group creations of a team (the per-team limit) without locking the team row. */
  async lockTeamGroups(db: DbOrTx, teamId: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`test-groups:${teamId}`}))`);
  },
  async insertGroup(db: DbOrTx, row: typeof testGroups.$inferInsert): Promise<GroupRow | undefined> {
    const [created] = await db.insert(testGroups).values(row).onConflictDoNothing().returning();
    return created;
  },
  async group(db: DbOrTx, teamId: string, id: string): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(testGroups).where(and(eq(testGroups.teamId, teamId), eq(testGroups.id, id)));
    return row;
  },
  async lockGroup(db: DbOrTx, teamId: string, id: string): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(testGroups).where(and(eq(testGroups.teamId, teamId), eq(testGroups.id, id))).for('update');
    return row;
  },
  async groupsOf(db: DbOrTx, teamId: string, ids: string[]): Promise<GroupRow[]> {
    if (!ids.length) return [];
    return db.select().from(testGroups).where(and(eq(testGroups.teamId, teamId), inArray(testGroups.id, ids)));
  },
  async groupByName(db: DbOrTx, teamId: string, name: string): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(testGroups).where(and(eq(testGroups.teamId, teamId), sql`lower(${testGroups.name}) = lower(${name})`));
    return row;
  },
  async countGroups(db: DbOrTx, teamId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(testGroups).where(eq(testGroups.teamId, teamId));
    return row!.n;
  },
  async groupPage(db: DbOrTx, teamId: string, limit: number, after?: Position): Promise<GroupRow[]> {
    return db
      .select()
      .from(testGroups)
      .where(and(eq(testGroups.teamId, teamId), pastCursor(testGroups.createdAt, testGroups.id, after)))
      .orderBy(desc(testGroups.createdAt), desc(testGroups.id))
      .limit(limit);
  },
  async updateGroup(db: DbOrTx, id: string, set: Partial<typeof testGroups.$inferInsert>): Promise<GroupRow> {
    const [row] = await db.update(testGroups).set(set).where(eq(testGroups.id, id)).returning();
    return row!;
  },
  async removeGroup(db: DbOrTx, id: string): Promise<void> {
    await db.delete(testers).where(eq(testers.groupId, id));
    await db.delete(testInvitations).where(eq(testInvitations.groupId, id));
    await db.delete(testGroups).where(eq(testGroups.id, id));
  },

  // ---- testers ----
  async memberCounts(db: DbOrTx, groupIds: string[]): Promise<Map<string, number>> {
    if (!groupIds.length) return new Map();
    const rows = await db.select({ groupId: testers.groupId, n: sql<number>`count(*)::int` }).from(testers).where(inArray(testers.groupId, groupIds)).groupBy(testers.groupId);
    return new Map(rows.map((r) => [r.groupId, r.n]));
  },
  /** Adds testers by address; addresses already in the group are left as they are. Returns how many were added. */
  async addTesters(db: DbOrTx, rows: Array<typeof testers.$inferInsert>): Promise<number> {
    let added = 0;
    // Chunks keep each statement's parameter count far below PostgreSQL's limit.
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const inserted = await db
        .insert(testers)
        .values(chunk)
        .onConflictDoNothing({ target: [testers.groupId, testers.email], where: sql`email is not null` })
        .returning({ id: testers.id });
      added += inserted.length;
    }
    return added;
  },
  async insertTester(db: DbOrTx, row: typeof testers.$inferInsert): Promise<TesterRow> {
    const [created] = await db.insert(testers).values(row).returning();
    return created!;
  },
  async testerByEmail(db: DbOrTx, groupId: string, email: string): Promise<TesterRow | undefined> {
    const [row] = await db.select().from(testers).where(and(eq(testers.groupId, groupId), eq(testers.email, email)));
    return row;
  },
  async updateTester(db: DbOrTx, id: string, set: Partial<typeof testers.$inferInsert>): Promise<TesterRow> {
    const [row] = await db.update(testers).set(set).where(eq(testers.id, id)).returning();
    return row!;
  },
  async tester(db: DbOrTx, groupId: string, id: string): Promise<TesterRow | undefined> {
    const [row] = await db.select().from(testers).where(and(eq(testers.groupId, groupId), eq(testers.id, id)));
    return row;
  },
  async removeTester(db: DbOrTx, id: string): Promise<void> {
    await db.delete(testers).where(eq(testers.id, id));
  },
  async testerPage(db: DbOrTx, groupId: string, limit: number, after?: Position): Promise<TesterRow[]> {
    return db
      .select()
      .from(testers)
      .where(and(eq(testers.groupId, groupId), pastCursor(testers.createdAt, testers.id, after)))
      .orderBy(desc(testers.createdAt), desc(testers.id))
      .limit(limit);
  },
  /** Every tester row a token names (one per group its holder joined). */
  async testersByToken(db: DbOrTx, tokenHash: string): Promise<TesterRow[]> {
    return db.select().from(testers).where(eq(testers.tokenHash, tokenHash));
  },

  // ---- invitations ----
  async insertInvitation(db: DbOrTx, row: typeof testInvitations.$inferInsert): Promise<InvitationRow | undefined> {
    const [created] = await db.insert(testInvitations).values(row).onConflictDoNothing().returning();
    return created;
  },
  async invitation(db: DbOrTx, teamId: string, id: string): Promise<InvitationRow | undefined> {
    const [row] = await db.select().from(testInvitations).where(and(eq(testInvitations.teamId, teamId), eq(testInvitations.id, id)));
    return row;
  },
  async invitationByCode(db: DbOrTx, code: string, lock = false): Promise<InvitationRow | undefined> {
    const q = db.select().from(testInvitations).where(eq(testInvitations.code, code));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async invitationsOf(db: DbOrTx, groupId: string): Promise<InvitationRow[]> {
    return db.select().from(testInvitations).where(eq(testInvitations.groupId, groupId)).orderBy(desc(testInvitations.createdAt), desc(testInvitations.id));
  },
  async updateInvitation(db: DbOrTx, id: string, set: Partial<typeof testInvitations.$inferInsert>): Promise<InvitationRow> {
    const [row] = await db.update(testInvitations).set(set).where(eq(testInvitations.id, id)).returning();
    return row!;
  },

  // ---- test versions ----
  async insertTestVersion(db: DbOrTx, row: typeof testVersions.$inferInsert): Promise<TestVersionRow> {
    const [created] = await db.insert(testVersions).values(row).returning();
    return created!;
  },
  async testVersion(db: DbOrTx, appId: string, id: string): Promise<TestVersionRow | undefined> {
    const [row] = await db.select().from(testVersions).where(and(eq(testVersions.appId, appId), eq(testVersions.id, id)));
    return row;
  },
  async testVersionAnyApp(db: DbOrTx, id: string): Promise<TestVersionRow | undefined> {
    const [row] = await db.select().from(testVersions).where(eq(testVersions.id, id));
    return row;
  },
  async lockTestVersion(db: DbOrTx, id: string): Promise<TestVersionRow | undefined> {
    const [row] = await db.select().from(testVersions).where(eq(testVersions.id, id)).for('update');
    return row;
  },
  async updateTestVersion(db: DbOrTx, id: string, set: Partial<typeof testVersions.$inferInsert>): Promise<TestVersionRow> {
    const [row] = await db.update(testVersions).set(set).where(eq(testVersions.id, id)).returning();
    return row!;
  },
  async testVersionsOf(db: DbOrTx, appId: string): Promise<TestVersionRow[]> {
    return db.select().from(testVersions).where(eq(testVersions.appId, appId)).orderBy(desc(testVersions.createdAt), desc(testVersions.id));
  },
  /** Test versions of an app offered to any of these groups, in the given states. */
  async testVersionsForGroups(db: DbOrTx, appId: string, groupIds: string[], states: string[]): Promise<TestVersionRow[]> {
    if (!groupIds.length) return [];
    return db
      .select()
      .from(testVersions)
      .where(and(eq(testVersions.appId, appId), inArray(testVersions.state, states), arrayOverlaps(testVersions.groupIds, groupIds)))
      .orderBy(desc(testVersions.versionCode));
  },
  /** Test versions not yet ended that name a group. */
  async liveTestVersionsNaming(db: DbOrTx, groupId: string): Promise<TestVersionRow[]> {
    return db
      .select()
      .from(testVersions)
      .where(and(inArray(testVersions.state, ['draft', 'underReview', 'waiting', 'testing', 'rejected']), arrayOverlaps(testVersions.groupIds, [groupId])));
  },
  async installed(db: DbOrTx, testVersionId: string, testerIds: string[]): Promise<boolean> {
    if (!testerIds.length) return false;
    const [row] = await db.select({ id: testInstalls.testerId }).from(testInstalls).where(and(eq(testInstalls.testVersionId, testVersionId), inArray(testInstalls.testerId, testerIds))).limit(1);
    return !!row;
  },
  async addInstall(db: DbOrTx, testVersionId: string, testerId: string, at: Date): Promise<boolean> {
    const rows = await db.insert(testInstalls).values({ testVersionId, testerId, at }).onConflictDoNothing().returning({ id: testInstalls.testerId });
    return rows.length > 0;
  },
};
