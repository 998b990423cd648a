import { and, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { likeContains as escapeLike } from '../../platform/db/like';
import { projects } from './tables';
import { pastCursor } from '../../platform/db/keyset';
import { preparedStatement, type Slots } from '../../platform/db/prepared';

export type ProjectRow = typeof projects.$inferSelect;

/** The team that owns a project, or null when there is no such project. */
export async function projectTeamOf(db: DbOrTx, projectId: string): Promise<string | null> {
  const [row] = await db.select({ teamId: projects.teamId }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.teamId ?? null;
}

/** Many project-scoped calls and every app created read the project: built once (platform/db/prepared.ts). */
const projectById = preparedStatement('projects_by_id', (db, slot: Slots<'teamId' | 'id'>) =>
  db.select().from(projects).where(and(eq(projects.teamId, slot.teamId), eq(projects.id, slot.id))),
);

export const projectsRepo = {
  async insert(db: DbOrTx, row: typeof projects.$inferInsert): Promise<ProjectRow> {
    const [created] = await db.insert(projects).values(row).returning();
    return created!;
  },
  async byId(db: DbOrTx, teamId: string, id: string): Promise<ProjectRow | undefined> {
    const [row] = await projectById(db, { teamId, id });
    return row;
  },
  async byName(db: DbOrTx, teamId: string, name: string): Promise<ProjectRow | undefined> {
    const [row] = await db.select().from(projects).where(and(eq(projects.teamId, teamId), sql`lower(${projects.name}) = lower(${name})`));
    return row;
  },
  async count(db: DbOrTx, teamId: string, search?: string): Promise<number> {
    const where = search ? and(eq(projects.teamId, teamId), ilike(projects.name, escapeLike(search))) : eq(projects.teamId, teamId);
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
    return row?.n ?? 0;
  },
  /** Newest first, by offset (a team has at most a few hundred projects), only these ids when given; and how many there are. */
  async slice(db: DbOrTx, teamId: string, opts: { offset: number; limit: number; ids?: readonly string[] | undefined }): Promise<{ total: number; rows: ProjectRow[] }> {
    const where = and(eq(projects.teamId, teamId), opts.ids ? inArray(projects.id, [...opts.ids]) : undefined);
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
    const rows = await db.select().from(projects).where(where).orderBy(desc(projects.createdAt), desc(projects.id)).offset(opts.offset).limit(opts.limit);
    return { total: counted?.n ?? 0, rows };
  },
  /** Newest first; the cursor is the last row's (createdAt, id). */
  async page(db: DbOrTx, teamId: string, opts: { limit: number; before?: { at: Date; id: string }; search?: string | undefined }): Promise<ProjectRow[]> {
    const conditions = [eq(projects.teamId, teamId)];
    if (opts.search) conditions.push(ilike(projects.name, escapeLike(opts.search)));
    if (opts.before) {
      conditions.push(pastCursor(projects.createdAt, projects.id, opts.before)!);
    }
    return db.select().from(projects).where(and(...conditions)).orderBy(desc(projects.createdAt), desc(projects.id)).limit(opts.limit);
  },
  async rename(db: DbOrTx, id: string, name: string, at: Date): Promise<ProjectRow> {
    const [row] = await db.update(projects).set({ name, updatedAt: at }).where(eq(projects.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(projects).where(eq(projects.id, id));
  },
};
