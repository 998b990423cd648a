import { and, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { keysetOrder, pastCursor } from '../../platform/db/keyset';
import { likeContains } from '../../platform/db/like';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { appLinkClaims, appLinkPrefixes, appLinkReports, appLinks, appLinkSettings, appLinkStats } from './tables';

export type LinkRow = typeof appLinks.$inferSelect;
export type PrefixRow = typeof appLinkPrefixes.$inferSelect;
export type SettingsRow = typeof appLinkSettings.$inferSelect;
export type ClaimRow = typeof appLinkClaims.$inferSelect;
export type StatRow = typeof appLinkStats.$inferSelect;

const live = isNull(appLinks.deletedAt);

/** The only reader and writer of the family's tables . */
export const appLinksRepo = {
  async settings(db: DbOrTx, projectId: string): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(appLinkSettings).where(eq(appLinkSettings.projectId, projectId));
    return row;
  },
  async putSettings(db: DbOrTx, row: SettingsRow): Promise<void> {
    const { projectId: _, ...set } = row;
    await db.insert(appLinkSettings).values(row).onConflictDoUpdate({ target: appLinkSettings.projectId, set });
  },

  async prefixes(db: DbOrTx, projectId: string): Promise<Array<PrefixRow & { links: number }>> {
    const n = db.$with('n').as(db.select({ prefixId: appLinks.prefixId, links: sql<number>`count(*)::int`.as('links') }).from(appLinks).where(and(eq(appLinks.projectId, projectId), live)).groupBy(appLinks.prefixId));
    const rows = await db
      .with(n)
      .select({ p: appLinkPrefixes, links: n.links })
      .from(appLinkPrefixes)
      .leftJoin(n, eq(n.prefixId, appLinkPrefixes.id))
      .where(eq(appLinkPrefixes.projectId, projectId))
      .orderBy(appLinkPrefixes.createdAt);
    return rows.map((r) => ({ ...r.p, links: r.links ?? 0 }));
  },
  async prefix(db: DbOrTx, projectId: string, id: string): Promise<PrefixRow | undefined> {
    const [row] = await db.select().from(appLinkPrefixes).where(and(eq(appLinkPrefixes.projectId, projectId), eq(appLinkPrefixes.id, id)));
    return row;
  },
  /** A prefix links are served under: a path name, or a verified host. */
  async servedPrefix(db: DbOrTx, kind: 'path' | 'host', name: string): Promise<PrefixRow | undefined> {
    const [row] = await db
      .select()
      .from(appLinkPrefixes)
      .where(and(eq(appLinkPrefixes.kind, kind), eq(appLinkPrefixes.name, name), eq(appLinkPrefixes.state, 'verified')));
    return row;
  },
  async insertPrefix(db: DbOrTx, row: typeof appLinkPrefixes.$inferInsert): Promise<PrefixRow | undefined> {
    const [made] = await db.insert(appLinkPrefixes).values(row).onConflictDoNothing().returning();
    return made;
  },
  async deletePrefix(db: DbOrTx, id: string): Promise<void> {
    await db.delete(appLinkPrefixes).where(eq(appLinkPrefixes.id, id));
  },
  async pendingHosts(db: DbOrTx, limit: number): Promise<PrefixRow[]> {
    return db
      .select()
      .from(appLinkPrefixes)
      .where(and(eq(appLinkPrefixes.kind, 'host'), eq(appLinkPrefixes.state, 'pending')))
      .orderBy(sql`${appLinkPrefixes.checkedAt} asc nulls first`)
      .limit(limit);
  },
  async markPrefix(db: DbOrTx, id: string, set: Partial<Pick<PrefixRow, 'state' | 'checkedAt' | 'verifiedAt'>>): Promise<void> {
    await db.update(appLinkPrefixes).set(set).where(eq(appLinkPrefixes.id, id));
  },
  /** The projects with a path prefix (whose apps the deployment's link host vouches for). */
  async projectsWithPathPrefixes(db: DbOrTx): Promise<string[]> {
    const rows = await db.selectDistinct({ projectId: appLinkPrefixes.projectId }).from(appLinkPrefixes).where(eq(appLinkPrefixes.kind, 'path'));
    return rows.map((r) => r.projectId);
  },

  /** The iOS bundle IDs the project's links name (for apple-app-site-association). */
  async iosBundleIds(db: DbOrTx, projectId: string): Promise<string[]> {
    const id = sql<string>`${appLinks.targets}->>'iosBundleId'`;
    const rows = await db.selectDistinct({ id }).from(appLinks).where(and(eq(appLinks.projectId, projectId), live, sql`${id} is not null`));
    return rows.map((r) => r.id);
  },

  async page(db: DbOrTx, projectId: string, limit: number, q: { before?: Position | undefined; search?: string | undefined; prefixId?: string | undefined }): Promise<LinkRow[]> {
    const like = q.search ? likeContains(q.search) : null;
    return db
      .select()
      .from(appLinks)
      .where(
        and(
          eq(appLinks.projectId, projectId),
          live,
          q.prefixId ? eq(appLinks.prefixId, q.prefixId) : undefined,
          like ? or(ilike(appLinks.name, like), ilike(appLinks.suffix, like), ilike(sql`${appLinks.targets}->>'deepLink'`, like)) : undefined,
          pastCursor(appLinks.createdAt, appLinks.id, q.before),
        ),
      )
      .orderBy(...keysetOrder(appLinks.createdAt, appLinks.id))
      .limit(limit);
  },
  async count(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appLinks).where(and(eq(appLinks.projectId, projectId), live));
    return row?.n ?? 0;
  },
  /** Links made since a moment, deleted ones too (the daily creation limit). */
  async createdSince(db: DbOrTx, projectId: string, since: Date): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appLinks).where(and(eq(appLinks.projectId, projectId), gte(appLinks.createdAt, since)));
    return row?.n ?? 0;
  },
  async link(db: DbOrTx, projectId: string, id: string): Promise<LinkRow | undefined> {
    const [row] = await db.select().from(appLinks).where(and(eq(appLinks.projectId, projectId), eq(appLinks.id, id), live));
    return row;
  },
  /** A served link by its address (deleted ones too: they answer "gone", never another link). */
  async bySuffix(db: DbOrTx, prefixId: string, suffixKey: string): Promise<LinkRow | undefined> {
    const [row] = await db.select().from(appLinks).where(and(eq(appLinks.prefixId, prefixId), eq(appLinks.suffixKey, suffixKey)));
    return row;
  },
  async takenSuffixes(db: DbOrTx, prefixId: string, keys: string[]): Promise<Set<string>> {
    if (!keys.length) return new Set();
    const rows = await db.select({ k: appLinks.suffixKey }).from(appLinks).where(and(eq(appLinks.prefixId, prefixId), inArray(appLinks.suffixKey, keys)));
    return new Set(rows.map((r) => r.k));
  },
  /** Undefined when the suffix is taken (two writers at once: the second gets nothing). */
  async insertLinks(db: DbOrTx, rows: Array<typeof appLinks.$inferInsert>): Promise<LinkRow[]> {
    return db.insert(appLinks).values(rows).onConflictDoNothing().returning();
  },
  async updateLink(db: DbOrTx, id: string, set: Partial<typeof appLinks.$inferInsert>): Promise<LinkRow | undefined> {
    const [row] = await db.update(appLinks).set(set).where(and(eq(appLinks.id, id), live)).returning();
    return row;
  },
  async addClicks(db: DbOrTx, counts: Map<string, number>): Promise<void> {
    for (const [id, n] of counts) await db.update(appLinks).set({ clicks: sql`${appLinks.clicks} + ${n}` }).where(eq(appLinks.id, id));
  },

  /** Adds counted slices (the link may have gone meanwhile: its counts go with it). */
  async addStats(db: DbOrTx, rows: StatRow[]): Promise<void> {
    if (!rows.length) return;
    const ids = [...new Set(rows.map((r) => r.linkId))];
    const existing = new Set((await db.select({ id: appLinks.id }).from(appLinks).where(inArray(appLinks.id, ids))).map((r) => r.id));
    const kept = rows.filter((r) => existing.has(r.linkId));
    if (!kept.length) return;
    await db
      .insert(appLinkStats)
      .values(kept)
      .onConflictDoUpdate({ target: [appLinkStats.linkId, appLinkStats.day, appLinkStats.kind, appLinkStats.platform, appLinkStats.country, appLinkStats.referrer], set: { count: sql`${appLinkStats.count} + excluded.count` } });
  },
  async stats(db: DbOrTx, linkId: string, fromDay: string): Promise<StatRow[]> {
    return db.select().from(appLinkStats).where(and(eq(appLinkStats.linkId, linkId), gte(appLinkStats.day, fromDay)));
  },

  async insertClaim(db: DbOrTx, row: typeof appLinkClaims.$inferInsert): Promise<void> {
    await db.insert(appLinkClaims).values(row);
  },
  /** Takes a waiting deep link by its token, once. */
  async claimToken(db: DbOrTx, appId: string, token: string, now: Date): Promise<ClaimRow | undefined> {
    const [row] = await db
      .update(appLinkClaims)
      .set({ claimedAt: now })
      .where(and(eq(appLinkClaims.token, token), eq(appLinkClaims.appId, appId), isNull(appLinkClaims.claimedAt), gt(appLinkClaims.expiresAt, now)))
      .returning();
    return row;
  },
  /** Takes the newest unclaimed deep link with this fingerprint made since `since`. */
  async claimFingerprint(db: DbOrTx, appId: string, fingerprint: string, since: Date, now: Date): Promise<ClaimRow | undefined> {
    const [candidate] = await db
      .select({ token: appLinkClaims.token })
      .from(appLinkClaims)
      .where(and(eq(appLinkClaims.appId, appId), eq(appLinkClaims.fingerprint, fingerprint), isNull(appLinkClaims.claimedAt), gt(appLinkClaims.createdAt, since)))
      .orderBy(desc(appLinkClaims.createdAt))
      .limit(1);
    return candidate ? this.claimToken(db, appId, candidate.token, now) : undefined;
  },
  /** Forgets expired tokens, and fingerprints older than their window. */
  async pruneClaims(db: DbOrTx, now: Date, fingerprintsBefore: Date): Promise<void> {
    await db.delete(appLinkClaims).where(lt(appLinkClaims.expiresAt, now));
    await db.update(appLinkClaims).set({ fingerprint: null }).where(and(lt(appLinkClaims.createdAt, fingerprintsBefore), sql`${appLinkClaims.fingerprint} is not null`));
  },

  async report(db: DbOrTx, linkId: string, reason: string, now: Date): Promise<void> {
    await db
      .insert(appLinkReports)
      .values({ linkId, reason, state: 'open', createdAt: now })
      .onConflictDoUpdate({ target: appLinkReports.linkId, targetWhere: sql`state = 'open'`, set: { reports: sql`${appLinkReports.reports} + 1` } });
  },
  async openReports(db: DbOrTx): Promise<Array<{ r: typeof appLinkReports.$inferSelect; l: LinkRow; p: PrefixRow }>> {
    return db
      .select({ r: appLinkReports, l: appLinks, p: appLinkPrefixes })
      .from(appLinkReports)
      .innerJoin(appLinks, eq(appLinks.id, appLinkReports.linkId))
      .innerJoin(appLinkPrefixes, eq(appLinkPrefixes.id, appLinks.prefixId))
      .where(eq(appLinkReports.state, 'open'))
      .orderBy(desc(appLinkReports.reports), appLinkReports.createdAt)
      .limit(200);
  },
  async decideReport(db: DbOrTx, id: string, state: 'dismissed' | 'takenDown', by: string, now: Date): Promise<string | undefined> {
    const [row] = await db
      .update(appLinkReports)
      .set({ state, decidedBy: by, decidedAt: now })
      .where(and(eq(appLinkReports.id, id), eq(appLinkReports.state, 'open')))
      .returning({ linkId: appLinkReports.linkId });
    return row?.linkId;
  },
};
