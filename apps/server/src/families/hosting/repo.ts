import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { hostingChannels, hostingDomains, hostingFiles, hostingSites, hostingVersions } from './tables';

export type SiteRow = typeof hostingSites.$inferSelect;
export type VersionRow = typeof hostingVersions.$inferSelect;
export type FileRow = typeof hostingFiles.$inferSelect;
export type ChannelRow = typeof hostingChannels.$inferSelect;
export type DomainRow = typeof hostingDomains.$inferSelect;

/** The only reader and writer of the hosting tables. */
export const hostingRepo = {
  sites(db: DbOrTx, projectId: string): Promise<SiteRow[]> {
    return db.select().from(hostingSites).where(eq(hostingSites.projectId, projectId)).orderBy(asc(hostingSites.createdAt), asc(hostingSites.name));
  },
  async siteByName(db: DbOrTx, name: string, lock = false): Promise<SiteRow | undefined> {
    const q = db.select().from(hostingSites).where(eq(hostingSites.name, name));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertSite(db: DbOrTx, row: typeof hostingSites.$inferInsert): Promise<SiteRow | undefined> {
    const [created] = await db.insert(hostingSites).values(row).onConflictDoNothing().returning();
    return created;
  },
  async updateSite(db: DbOrTx, id: string, set: Partial<Pick<SiteRow, 'config' | 'lastVersion'>>): Promise<SiteRow> {
    const [row] = await db.update(hostingSites).set(set).where(eq(hostingSites.id, id)).returning();
    return row!;
  },
  async deleteSite(db: DbOrTx, id: string): Promise<void> {
    // Channels point at versions without a cascade of their own: they go first.
    await db.delete(hostingChannels).where(eq(hostingChannels.siteId, id));
    await db.delete(hostingSites).where(eq(hostingSites.id, id));
  },

  versions(db: DbOrTx, siteId: string): Promise<VersionRow[]> {
    return db.select().from(hostingVersions).where(eq(hostingVersions.siteId, siteId)).orderBy(desc(hostingVersions.number));
  },
  async version(db: DbOrTx, siteId: string, number: number, lock = false): Promise<VersionRow | undefined> {
    const q = db.select().from(hostingVersions).where(and(eq(hostingVersions.siteId, siteId), eq(hostingVersions.number, number)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async insertVersion(db: DbOrTx, row: typeof hostingVersions.$inferInsert): Promise<VersionRow> {
    const [created] = await db.insert(hostingVersions).values(row).returning();
    return created!;
  },
  async updateVersion(db: DbOrTx, id: string, set: Partial<Pick<VersionRow, 'state' | 'files' | 'bytes'>>): Promise<VersionRow> {
    const [row] = await db.update(hostingVersions).set(set).where(eq(hostingVersions.id, id)).returning();
    return row!;
  },
  async deleteVersions(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length) await db.delete(hostingVersions).where(inArray(hostingVersions.id, ids));
  },

  files(db: DbOrTx, versionId: string): Promise<FileRow[]> {
    return db.select().from(hostingFiles).where(eq(hostingFiles.versionId, versionId));
  },
  async putFile(db: DbOrTx, row: typeof hostingFiles.$inferInsert): Promise<void> {
    await db
      .insert(hostingFiles)
      .values(row)
      .onConflictDoUpdate({ target: [hostingFiles.versionId, hostingFiles.path], set: { sha256: row.sha256, size: row.size, contentType: row.contentType, brSize: row.brSize ?? null } });
  },
  async putFiles(db: DbOrTx, rows: (typeof hostingFiles.$inferInsert)[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await db.insert(hostingFiles).values(rows.slice(i, i + 500));
  },
  async totals(db: DbOrTx, versionId: string): Promise<{ files: number; bytes: number }> {
    const [row] = await db.select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${hostingFiles.size}), 0)::bigint` }).from(hostingFiles).where(eq(hostingFiles.versionId, versionId));
    return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
  },
  /** The blobs (by sha-256) still used by a site's versions. */
  async blobsInUse(db: DbOrTx, siteId: string, among: string[]): Promise<Set<string>> {
    if (among.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ sha256: hostingFiles.sha256 })
      .from(hostingFiles)
      .innerJoin(hostingVersions, eq(hostingVersions.id, hostingFiles.versionId))
      .where(and(eq(hostingVersions.siteId, siteId), inArray(hostingFiles.sha256, among)));
    return new Set(rows.map((r) => r.sha256));
  },

  channels(db: DbOrTx, siteIds: string[]): Promise<(ChannelRow & { number: number })[]> {
    if (siteIds.length === 0) return Promise.resolve([]);
    return db
      .select({ siteId: hostingChannels.siteId, name: hostingChannels.name, versionId: hostingChannels.versionId, updatedAt: hostingChannels.updatedAt, number: hostingVersions.number })
      .from(hostingChannels)
      .innerJoin(hostingVersions, eq(hostingVersions.id, hostingChannels.versionId))
      .where(inArray(hostingChannels.siteId, siteIds))
      .orderBy(asc(hostingChannels.name));
  },
  async channel(db: DbOrTx, siteId: string, name: string): Promise<ChannelRow | undefined> {
    const [row] = await db.select().from(hostingChannels).where(and(eq(hostingChannels.siteId, siteId), eq(hostingChannels.name, name)));
    return row;
  },
  async setChannel(db: DbOrTx, row: typeof hostingChannels.$inferInsert): Promise<void> {
    await db
      .insert(hostingChannels)
      .values(row)
      .onConflictDoUpdate({ target: [hostingChannels.siteId, hostingChannels.name], set: { versionId: row.versionId, updatedAt: row.updatedAt } });
  },
  async deleteChannel(db: DbOrTx, siteId: string, name: string): Promise<boolean> {
    const gone = await db.delete(hostingChannels).where(and(eq(hostingChannels.siteId, siteId), eq(hostingChannels.name, name))).returning();
    return gone.length > 0;
  },
  /** Versions beyond the newest `keep` that no channel serves (and none still uploading). */
  async prunable(db: DbOrTx, siteId: string, keep: number): Promise<VersionRow[]> {
    const served = db.select({ id: hostingChannels.versionId }).from(hostingChannels).where(eq(hostingChannels.siteId, siteId));
    const rows = await db
      .select()
      .from(hostingVersions)
      .where(and(eq(hostingVersions.siteId, siteId), eq(hostingVersions.state, 'ready'), notInArray(hostingVersions.id, served)))
      .orderBy(desc(hostingVersions.number));
    return rows.slice(keep);
  },

  domains(db: DbOrTx, siteId: string): Promise<DomainRow[]> {
    return db.select().from(hostingDomains).where(eq(hostingDomains.siteId, siteId)).orderBy(asc(hostingDomains.domain));
  },
  async insertDomain(db: DbOrTx, row: typeof hostingDomains.$inferInsert): Promise<DomainRow | undefined> {
    const [created] = await db.insert(hostingDomains).values(row).onConflictDoNothing().returning();
    return created;
  },
  async deleteDomain(db: DbOrTx, siteId: string, domain: string): Promise<boolean> {
    return (await db.delete(hostingDomains).where(and(eq(hostingDomains.siteId, siteId), eq(hostingDomains.domain, domain))).returning()).length > 0;
  },
  /** Pending domains least recently checked, with their site's project. */
  async pendingDomains(db: DbOrTx, limit: number): Promise<(DomainRow & { projectId: string })[]> {
    const rows = await db
      .select({ domain: hostingDomains, projectId: hostingSites.projectId })
      .from(hostingDomains)
      .innerJoin(hostingSites, eq(hostingSites.id, hostingDomains.siteId))
      .where(eq(hostingDomains.state, 'pending'))
      .orderBy(asc(hostingDomains.checkedAt))
      .limit(limit);
    return rows.map((r) => ({ ...r.domain, projectId: r.projectId }));
  },
  async markDomain(db: DbOrTx, id: string, set: Partial<Pick<DomainRow, 'state' | 'checkedAt' | 'verifiedAt'>>): Promise<void> {
    await db.update(hostingDomains).set(set).where(eq(hostingDomains.id, id));
  },
  async siteOfDomain(db: DbOrTx, domain: string): Promise<SiteRow | undefined> {
    const [row] = await db
      .select({ site: hostingSites })
      .from(hostingDomains)
      .innerJoin(hostingSites, eq(hostingSites.id, hostingDomains.siteId))
      .where(and(eq(hostingDomains.domain, domain), eq(hostingDomains.state, 'verified')));
    return row?.site;
  },
};
