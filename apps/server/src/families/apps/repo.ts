import { and, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { likeContains } from '../../platform/db/like';
import { apps } from './tables';

export type AppRow = typeof apps.$inferSelect;

export interface AppFilter {
  search?: string | undefined;
  platform?: string | undefined;
  category?: string | undefined;
  projectId?: string | undefined;
  /** App administrators see only their apps. */
  only?: readonly string[] | null;
}

function conditions(teamId: string, f: AppFilter): SQL[] {
  const c: SQL[] = [eq(apps.teamId, teamId)];
  if (f.search) {
    const like = likeContains(f.search);
    c.push(or(ilike(apps.name, like), ilike(apps.packageName, like))!);
  }
  if (f.platform) c.push(eq(apps.platform, f.platform));
  if (f.category) c.push(eq(apps.category, f.category));
  if (f.projectId) c.push(eq(apps.projectId, f.projectId));
  if (f.only) c.push(f.only.length ? inArray(apps.id, [...f.only]) : sql`false`);
  return c;
}

export const appsRepo = {
  async insert(db: DbOrTx, row: typeof apps.$inferInsert): Promise<AppRow> {
    const [created] = await db.insert(apps).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, teamId: string, id: string): Promise<AppRow | undefined> {
    const [row] = await db.select().from(apps).where(and(eq(apps.teamId, teamId), eq(apps.id, id)));
    return row;
  },
  async byPackage(db: DbOrTx, platform: string, packageName: string): Promise<AppRow | undefined> {
    const [row] = await db.select().from(apps).where(and(eq(apps.platform, platform), eq(apps.packageName, packageName)));
    return row;
  },
  async listedWithName(db: DbOrTx, name: string, exceptId?: string): Promise<AppRow | undefined> {
    const c = [eq(apps.listed, true), sql`lower(${apps.name}) = lower(${name})`];
    if (exceptId) c.push(ne(apps.id, exceptId));
    const [row] = await db.select().from(apps).where(and(...c)).limit(1);
    return row;
  },
  async page(db: DbOrTx, teamId: string, f: AppFilter, limit: number, before?: { at: Date; id: string }): Promise<AppRow[]> {
    const c = conditions(teamId, f);
    if (before) c.push(or(lt(apps.createdAt, before.at), and(eq(apps.createdAt, before.at), lt(apps.id, before.id)))!);
    return db.select().from(apps).where(and(...c)).orderBy(desc(apps.createdAt), desc(apps.id)).limit(limit);
  },
  /** Every team's apps, for operators. */
  async platformPage(db: DbOrTx, f: { search?: string | undefined; platform?: string | undefined }, limit: number, before?: { at: Date; id: string }) {
    const c: SQL[] = [];
    if (f.search) {
      const like = likeContains(f.search);
      c.push(or(ilike(apps.name, like), ilike(apps.packageName, like))!);
    }
    if (f.platform) c.push(eq(apps.platform, f.platform));
    if (before) c.push(or(lt(apps.createdAt, before.at), and(eq(apps.createdAt, before.at), lt(apps.id, before.id)))!);
    return db
      .select()
      .from(apps)
      .where(c.length ? and(...c) : undefined)
      .orderBy(desc(apps.createdAt), desc(apps.id))
      .limit(limit);
  },
  async count(db: DbOrTx, teamId: string, f: AppFilter): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(and(...conditions(teamId, f)));
    return row?.n ?? 0;
  },
  async countInProject(db: DbOrTx, projectId: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apps).where(eq(apps.projectId, projectId));
    return row?.n ?? 0;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof apps.$inferInsert>): Promise<AppRow> {
    const [row] = await db.update(apps).set(set).where(eq(apps.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(apps).where(eq(apps.id, id));
  },
};
