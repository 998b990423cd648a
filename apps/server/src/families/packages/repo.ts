import { and, desc, eq, inArray, lt, max, ne, sql } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
import { recorded, recordedQuery } from '../../platform/db/recorded';
import { auditsWithIfFrom } from '../../platform/audit';
import type { DbOrTx } from '../../platform/db/types';
import { packageClaims, packages } from './tables';
import { pastCursor } from '../../platform/db/keyset';
import { preparedStatement, type Slots } from '../../platform/db/prepared';

export type PackageRow = typeof packages.$inferSelect;
export type ClaimRow = typeof packageClaims.$inferSelect;

/** The package list's first page, the one the console opens: built once (platform/db/prepared.ts). */
const firstPage = preparedStatement('packages_first_page', (db, slot: Slots<'appId' | 'limit'>) =>
  db.select().from(packages).where(eq(packages.appId, slot.appId)).orderBy(desc(packages.createdAt), desc(packages.id)).limit(slot.limit),
);

/** What a developer's upload makes of a finished file (`packagesRepo.insertUploaded`). */
export interface UploadedPackage {
  id: string;
  teamId: string;
  appId: string;
  fileId: string;
  fileName: string;
  size: number;
  sha256: string;
  remark: string | null;
  extra: Record<string, unknown>;
  createdBy: string | null;
  createdAt: Date;
}

/** An upload's package and its audit event: one statement, built once (platform/db/prepared.ts). */
const uploadedInsert = preparedStatement('packages_insert_uploaded', (db, slot: Slots<keyof UploadedPackage | 'audits'>) => {
  const row = { id: slot.id, teamId: slot.teamId, appId: slot.appId, fileId: slot.fileId, fileName: slot.fileName, size: slot.size, sha256: slot.sha256, remark: slot.remark, extra: slot.extra, createdBy: slot.createdBy, createdAt: slot.createdAt };
  return recordedQuery(db, db.insert(packages).values(row).returning(), (changed) => auditsWithIfFrom(db, slot.audits, changed));
});

/** A package of an app by id: each of its pages and calls reads it first. */
const packageById = preparedStatement('packages_by_id', (db, slot: Slots<'appId' | 'id'>) => db.select().from(packages).where(and(eq(packages.appId, slot.appId), eq(packages.id, slot.id))));

export const packagesRepo = {
  /** An upload's new package, with its audit events (`auditRowsJson`'s text) written by the same statement. */
  async insertUploaded(db: DbOrTx, row: UploadedPackage, audits: string): Promise<PackageRow> {
    const [created] = await uploadedInsert(db, { ...row, audits });
    return created!;
  },
  /** The new package, recorded by `record` in the same statement. */
  async insert(db: DbOrTx, row: typeof packages.$inferInsert, record: (changed: string) => WithSubquery): Promise<PackageRow> {
    const [created] = await recorded(db, db.insert(packages).values(row).returning(), record);
    return created!;
  },
  async byId(db: DbOrTx, appId: string, id: string): Promise<PackageRow | undefined> {
    const [row] = await packageById(db, { appId, id });
    return row;
  },
  async byIdAnyApp(db: DbOrTx, id: string): Promise<PackageRow | undefined> {
    const [row] = await db.select().from(packages).where(eq(packages.id, id));
    return row;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof packages.$inferInsert>): Promise<PackageRow> {
    const [row] = await db.update(packages).set(set).where(eq(packages.id, id)).returning();
    return row!;
  },
  /**
   * A parse's outcome, set only while the package still waits for one: a parse run twice (a
   * job the sweep sent again while the first was still queued) finishes it once. Undefined
   * when it no longer waits (or is gone).
   */
  async finishParse(db: DbOrTx, id: string, set: Partial<typeof packages.$inferInsert>): Promise<PackageRow | undefined> {
    const [row] = await db.update(packages).set(set).where(and(eq(packages.id, id), eq(packages.parseState, 1))).returning();
    return row;
  },
  /** Packages waiting to be parsed since before the time, oldest first. */
  async parsingSince(db: DbOrTx, before: Date, limit: number): Promise<Array<{ id: string }>> {
    return db.select({ id: packages.id }).from(packages).where(and(eq(packages.parseState, 1), lt(packages.createdAt, before))).orderBy(packages.createdAt).limit(limit);
  },
  /** Claims waiting for their check since before the time, oldest first. */
  async claimsVerifyingSince(db: DbOrTx, before: Date, limit: number): Promise<Array<{ id: string }>> {
    return db.select({ id: packageClaims.id }).from(packageClaims).where(and(eq(packageClaims.state, 'verifying'), lt(packageClaims.createdAt, before))).orderBy(packageClaims.createdAt).limit(limit);
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(packages).where(eq(packages.id, id));
  },
  /** Packages that failed before the time (parse state 2), oldest first. */
  async failedBefore(db: DbOrTx, before: Date, limit: number): Promise<PackageRow[]> {
    return db.select().from(packages).where(and(eq(packages.parseState, 2), lt(packages.parsedAt, before))).orderBy(packages.parsedAt).limit(limit);
  },
  async page(db: DbOrTx, appId: string, limit: number, before?: { at: Date; id: string }): Promise<PackageRow[]> {
    if (!before) return firstPage(db, { appId, limit });
    const c = [eq(packages.appId, appId)];
    const seek = pastCursor(packages.createdAt, packages.id, before);
    if (seek) c.push(seek);
    return db.select().from(packages).where(and(...c)).orderBy(desc(packages.createdAt), desc(packages.id)).limit(limit);
  },
  async countByApp(db: DbOrTx, appId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(packages).where(eq(packages.appId, appId));
    return row?.n ?? 0;
  },
  /** Hands an app's packages to another team; returns the files they use. */
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<string[]> {
    const rows = await db.update(packages).set({ teamId }).where(eq(packages.appId, appId)).returning({ fileId: packages.fileId, iconFileId: packages.iconFileId });
    return rows.flatMap((r) => [r.fileId, ...(r.iconFileId ? [r.iconFileId] : [])]);
  },
  async parsing(db: DbOrTx, appId: string): Promise<PackageRow[]> {
    return db.select().from(packages).where(and(eq(packages.appId, appId), eq(packages.parseState, 1))).orderBy(desc(packages.createdAt));
  },
  /** The newest parsed package of the app before this one: whose signer a new one must match. */
  async previousParsed(db: DbOrTx, appId: string, exceptId: string): Promise<PackageRow | undefined> {
    const [row] = await db
      .select()
      .from(packages)
      .where(and(eq(packages.appId, appId), eq(packages.parseState, 0), ne(packages.id, exceptId)))
      .orderBy(desc(packages.parsedAt))
      .limit(1);
    return row;
  },
  /** The highest versionCode among the app's parsed packages. */
  async highestVersionCode(db: DbOrTx, appId: string): Promise<number | null> {
    const [row] = await db.select({ v: max(packages.versionCode) }).from(packages).where(and(eq(packages.appId, appId), eq(packages.parseState, 0)));
    return row?.v ?? null;
  },
  /** Every signer of the app's parsed packages: what proves a claim of its package name. */
  async certificatesOfApp(db: DbOrTx, appId: string): Promise<string[]> {
    const rows = await db.select({ c: sql<string>`unnest(${packages.certificates})` }).from(packages).where(and(eq(packages.appId, appId), eq(packages.parseState, 0)));
    return [...new Set(rows.map((r) => r.c))];
  },
  async insertClaim(db: DbOrTx, row: typeof packageClaims.$inferInsert): Promise<ClaimRow> {
    const [created] = await db.insert(packageClaims).values(row).returning();
    return created!;
  },
  async claim(db: DbOrTx, id: string): Promise<ClaimRow | undefined> {
    const [row] = await db.select().from(packageClaims).where(eq(packageClaims.id, id));
    return row;
  },
  async newestClaimOfApp(db: DbOrTx, appId: string): Promise<ClaimRow | undefined> {
    const [row] = await db.select().from(packageClaims).where(eq(packageClaims.appId, appId)).orderBy(desc(packageClaims.createdAt), desc(packageClaims.id)).limit(1);
    return row;
  },
  async openClaim(db: DbOrTx, platform: string, packageName: string): Promise<ClaimRow | undefined> {
    const [row] = await db
      .select()
      .from(packageClaims)
      .where(and(eq(packageClaims.platform, platform), eq(packageClaims.packageName, packageName), inArray(packageClaims.state, ['verifying', 'pending'])));
    return row;
  },
  /** Moves a claim on only from the states given: a claim decided twice at once changes once. */
  async moveClaim(db: DbOrTx, id: string, from: string[], set: Partial<typeof packageClaims.$inferInsert>): Promise<ClaimRow | undefined> {
    const [row] = await db.update(packageClaims).set(set).where(and(eq(packageClaims.id, id), inArray(packageClaims.state, from))).returning();
    return row;
  },
};
