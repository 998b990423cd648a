import { and, desc, eq, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { packages } from './tables';

export type PackageRow = typeof packages.$inferSelect;

export const packagesRepo = {
  async insert(db: DbOrTx, row: typeof packages.$inferInsert): Promise<PackageRow> {
    const [created] = await db.insert(packages).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, appId: string, id: string): Promise<PackageRow | undefined> {
    const [row] = await db.select().from(packages).where(and(eq(packages.appId, appId), eq(packages.id, id)));
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
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(packages).where(eq(packages.id, id));
  },
  async page(db: DbOrTx, appId: string, limit: number, before?: { at: Date; id: string }): Promise<PackageRow[]> {
    const c = [eq(packages.appId, appId)];
    if (before) c.push(or(lt(packages.createdAt, before.at), and(eq(packages.createdAt, before.at), lt(packages.id, before.id)))!);
    return db.select().from(packages).where(and(...c)).orderBy(desc(packages.createdAt), desc(packages.id)).limit(limit);
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
};
