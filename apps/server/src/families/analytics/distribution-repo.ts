import { and, between, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { DOWNLOAD_EVENT, UPDATE_CHECK_EVENT } from './distribution-events';
import { analyticsDaily, analyticsDeviceDays } from './tables';

/** The reported install: the SDK's first open. */
const INSTALL_EVENT = 'first_open';
const NAMES = [DOWNLOAD_EVENT, UPDATE_CHECK_EVENT, INSTALL_EVENT];
const sumOf = (name: string, column: typeof analyticsDaily.count | typeof analyticsDaily.valueSum = analyticsDaily.count) =>
  sql<string>`coalesce(sum(${column}) filter (where ${analyticsDaily.name} = ${name}), 0)`;

/** The distribution dashboard's reads: all from the rollups, none from raw events. */
export const distributionRepo = {
  async byDay(db: DbOrTx, appId: string, from: string, to: string) {
    const rows = await db
      .select({ day: analyticsDaily.day, downloads: sumOf(DOWNLOAD_EVENT), installs: sumOf(INSTALL_EVENT), updateChecks: sumOf(UPDATE_CHECK_EVENT), updatesOffered: sumOf(UPDATE_CHECK_EVENT, analyticsDaily.valueSum) })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.appId, appId), between(analyticsDaily.day, from, to), inArray(analyticsDaily.name, NAMES)))
      .groupBy(analyticsDaily.day);
    return rows.map((r) => ({ day: r.day, downloads: Number(r.downloads), installs: Number(r.installs), updateChecks: Number(r.updateChecks), updatesOffered: Number(r.updatesOffered) }));
  },

  async byCountry(db: DbOrTx, appId: string, from: string, to: string) {
    const rows = await db
      .select({ country: analyticsDaily.country, downloads: sumOf(DOWNLOAD_EVENT), installs: sumOf(INSTALL_EVENT) })
      .from(analyticsDaily)
      .where(and(eq(analyticsDaily.appId, appId), between(analyticsDaily.day, from, to), inArray(analyticsDaily.name, [DOWNLOAD_EVENT, INSTALL_EVENT])))
      .groupBy(analyticsDaily.country);
    return rows.map((r) => ({ country: r.country, downloads: Number(r.downloads), installs: Number(r.installs) }));
  },

  /** Active instances per day and the version each last ran that day. */
  async devicesByVersion(db: DbOrTx, appId: string, from: string, to: string) {
    const rows = await db
      .select({ day: analyticsDeviceDays.day, appVersion: analyticsDeviceDays.appVersion, n: count() })
      .from(analyticsDeviceDays)
      .where(and(eq(analyticsDeviceDays.appId, appId), between(analyticsDeviceDays.day, from, to)))
      .groupBy(analyticsDeviceDays.day, analyticsDeviceDays.appVersion);
    return rows.map((r) => ({ day: r.day, appVersion: r.appVersion, devices: Number(r.n) }));
  },
};
