import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appVersions, downloadCounts } from './tables';

/** Downloads counted per day, version (or test version) and country. */
export const downloadsRepo = {
  async countDownload(db: DbOrTx, day: string, versionId: string, country: string): Promise<void> {
    await db
      .insert(downloadCounts)
      .values({ day, versionId, country, count: 1 })
      .onConflictDoUpdate({ target: [downloadCounts.day, downloadCounts.versionId, downloadCounts.country], set: { count: sql`${downloadCounts.count} + 1` } });
  },
  /** Adds several downloads at once (the demo seed's history). */
  async addDownloads(db: DbOrTx, day: string, versionId: string, country: string, n: number): Promise<void> {
    await db
      .insert(downloadCounts)
      .values({ day, versionId, country, count: n })
      .onConflictDoUpdate({ target: [downloadCounts.day, downloadCounts.versionId, downloadCounts.country], set: { count: sql`${downloadCounts.count} + ${n}` } });
  },
  async downloads(db: DbOrTx, versionId: string): Promise<Array<{ day: string; country: string; count: number }>> {
    return db.select({ day: downloadCounts.day, country: downloadCounts.country, count: downloadCounts.count }).from(downloadCounts).where(eq(downloadCounts.versionId, versionId)).orderBy(asc(downloadCounts.day), asc(downloadCounts.country));
  },

  /** Downloads of an app's versions per day and version between two days (both included), summed over countries. */
  async appDownloadsByDay(db: DbOrTx, appId: string, from: string, to: string): Promise<Array<{ day: string; versionId: string; count: number }>> {
    return db
      .select({ day: downloadCounts.day, versionId: downloadCounts.versionId, count: sql<number>`sum(${downloadCounts.count})::bigint`.mapWith(Number) })
      .from(downloadCounts)
      .innerJoin(appVersions, eq(appVersions.id, downloadCounts.versionId))
      .where(and(eq(appVersions.appId, appId), gte(downloadCounts.day, from), lte(downloadCounts.day, to)))
      .groupBy(downloadCounts.day, downloadCounts.versionId)
      .orderBy(asc(downloadCounts.day), asc(downloadCounts.versionId));
  },
  /** The same range summed per country, most first. */
  async appDownloadsByCountry(db: DbOrTx, appId: string, from: string, to: string): Promise<Array<{ country: string; count: number }>> {
    const total = sql<number>`sum(${downloadCounts.count})::bigint`.mapWith(Number);
    return db
      .select({ country: downloadCounts.country, count: total })
      .from(downloadCounts)
      .innerJoin(appVersions, eq(appVersions.id, downloadCounts.versionId))
      .where(and(eq(appVersions.appId, appId), gte(downloadCounts.day, from), lte(downloadCounts.day, to)))
      .groupBy(downloadCounts.country)
      .orderBy(desc(total), asc(downloadCounts.country));
  },
};
