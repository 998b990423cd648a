import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { likeContains } from '../../platform/db/like';
import type { Position } from '../../platform/http/cursor';
import { appUsers, authSettings } from './tables';
import { pastCursor } from '../../platform/db/keyset';

export type AppUserRow = typeof appUsers.$inferSelect;
export type AuthSettingsRow = typeof authSettings.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The family's users and settings tables: only read and written here. */
export const appUsersRepo = {
  async page(db: DbOrTx, projectId: string, search: string | undefined, limit: number, before?: Position): Promise<AppUserRow[]> {
    const seek = pastCursor(appUsers.createdAt, appUsers.id, before);
    return db
      .select()
      .from(appUsers)
      .where(and(eq(appUsers.projectId, projectId), searchOf(search), seek))
      .orderBy(desc(appUsers.createdAt), desc(appUsers.id))
      .limit(limit);
  },
  async count(db: DbOrTx, projectId: string, search?: string): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(appUsers).where(and(eq(appUsers.projectId, projectId), searchOf(search)));
    return row?.n ?? 0;
  },
  async byId(db: DbOrTx, projectId: string, id: string): Promise<AppUserRow | undefined> {
    const [row] = await db.select().from(appUsers).where(and(eq(appUsers.projectId, projectId), eq(appUsers.id, id))).limit(1);
    return row;
  },
  async byEmail(db: DbOrTx, projectId: string, email: string): Promise<AppUserRow | undefined> {
    const [row] = await db.select().from(appUsers).where(and(eq(appUsers.projectId, projectId), eq(appUsers.email, email))).limit(1);
    return row;
  },
  /** Undefined when the email is taken in the project (the unique index decides races). */
  async insert(db: DbOrTx, row: typeof appUsers.$inferInsert): Promise<AppUserRow | undefined> {
    const [created] = await db.insert(appUsers).values(row).onConflictDoNothing().returning();
    return created;
  },
  async update(db: DbOrTx, id: string, set: Partial<typeof appUsers.$inferInsert>): Promise<AppUserRow> {
    const [row] = await db.update(appUsers).set(set).where(eq(appUsers.id, id)).returning();
    return row!;
  },
  async remove(db: DbOrTx, projectId: string, id: string): Promise<AppUserRow | undefined> {
    const [gone] = await db.delete(appUsers).where(and(eq(appUsers.projectId, projectId), eq(appUsers.id, id))).returning();
    return gone;
  },
  async settings(db: DbOrTx, projectId: string): Promise<AuthSettingsRow | undefined> {
    const [row] = await db.select().from(authSettings).where(eq(authSettings.projectId, projectId)).limit(1);
    return row;
  },
  async saveSettings(db: DbOrTx, row: Omit<AuthSettingsRow, 'redirectUris' | 'phoneCountries'>): Promise<AuthSettingsRow> {
    const [saved] = await db
      .insert(authSettings)
      .values(row)
      .onConflictDoUpdate({ target: authSettings.projectId, set: { anonymous: row.anonymous, email: row.email, phone: row.phone, updatedAt: row.updatedAt } })
      .returning();
    return saved!;
  },
};

/** A user ID finds that user; anything else is looked for in emails. */
function searchOf(search: string | undefined) {
  if (!search) return undefined;
  if (UUID.test(search)) return eq(appUsers.id, search.toLowerCase());
  return or(ilike(appUsers.email, likeContains(search.toLowerCase())));
}
