import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../../platform/db/errors';
import type { DbOrTx } from '../../platform/db/types';
import type { Position } from '../../platform/http/cursor';
import { apiClientGrants, apiClientKeys, apiClients } from './tables';
import { pastCursor } from '../../platform/db/keyset';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiClientKeyRow = typeof apiClientKeys.$inferSelect;
export interface ClientFilter {
  type?: string | undefined;
  projectId?: string | undefined;
}

const filtered = (teamId: string, f: ClientFilter): SQL | undefined =>
  and(eq(apiClients.teamId, teamId), f.type ? eq(apiClients.type, f.type) : undefined, f.projectId ? eq(apiClients.projectId, f.projectId) : undefined);

/** The only reader and writer of the family's tables. */
export const apiClientsRepo = {
  async page(db: DbOrTx, teamId: string, f: ClientFilter, limit: number, before?: Position): Promise<ApiClientRow[]> {
    const seek = pastCursor(apiClients.createdAt, apiClients.id, before);
    return db
      .select()
      .from(apiClients)
      .where(and(filtered(teamId, f), seek))
      .orderBy(desc(apiClients.createdAt), desc(apiClients.id))
      .limit(limit);
  },
  async count(db: DbOrTx, teamId: string, f: ClientFilter): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apiClients).where(filtered(teamId, f));
    return row?.n ?? 0;
  },
  /** Undefined when the team already has a client of that name. */
  async insert(db: DbOrTx, row: typeof apiClients.$inferInsert): Promise<ApiClientRow | undefined> {
    const [created] = await db.insert(apiClients).values(row).onConflictDoNothing().returning();
    return created;
  },
  /** Any team's: for checking credentials, which name no team. */
  async byClientId(db: DbOrTx, clientId: string): Promise<ApiClientRow | undefined> {
    const [row] = await db.select().from(apiClients).where(eq(apiClients.clientId, clientId)).limit(1);
    return row;
  },
  async inTeam(db: DbOrTx, teamId: string, clientId: string, lock = false): Promise<ApiClientRow | undefined> {
    const q = db.select().from(apiClients).where(and(eq(apiClients.teamId, teamId), eq(apiClients.clientId, clientId))).limit(1);
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /** Undefined when another client of the team has the name. */
  async update(db: DbOrTx, id: string, set: Partial<typeof apiClients.$inferInsert>): Promise<ApiClientRow | undefined> {
    const [row] = await db
      .update(apiClients)
      .set(set)
      .where(eq(apiClients.id, id))
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return [];
        throw err;
      });
    return row;
  },
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(apiClients).where(eq(apiClients.id, id));
  },
  async touch(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(apiClients).set({ lastUsedAt: at }).where(eq(apiClients.id, id));
  },

  async keysOf(db: DbOrTx, clientRowIds: string[]): Promise<ApiClientKeyRow[]> {
    if (clientRowIds.length === 0) return [];
    return db.select().from(apiClientKeys).where(inArray(apiClientKeys.clientRowId, clientRowIds)).orderBy(asc(apiClientKeys.createdAt), asc(apiClientKeys.keyId));
  },
  async keyById(db: DbOrTx, keyId: string): Promise<ApiClientKeyRow | undefined> {
    const [row] = await db.select().from(apiClientKeys).where(eq(apiClientKeys.keyId, keyId)).limit(1);
    return row;
  },
  async insertKey(db: DbOrTx, row: typeof apiClientKeys.$inferInsert): Promise<void> {
    await db.insert(apiClientKeys).values(row);
  },
  async removeKey(db: DbOrTx, clientRowId: string, keyId: string): Promise<boolean> {
    const gone = await db.delete(apiClientKeys).where(and(eq(apiClientKeys.clientRowId, clientRowId), eq(apiClientKeys.keyId, keyId))).returning({ keyId: apiClientKeys.keyId });
    return gone.length > 0;
  },
  async grants(db: DbOrTx, clientRowId: string): Promise<Array<{ appId: string; createdAt: Date }>> {
    return db.select({ appId: apiClientGrants.appId, createdAt: apiClientGrants.createdAt }).from(apiClientGrants).where(eq(apiClientGrants.clientRowId, clientRowId)).orderBy(asc(apiClientGrants.createdAt), asc(apiClientGrants.appId));
  },
  async grant(db: DbOrTx, clientRowId: string, appIds: string[], at: Date): Promise<void> {
    await db.insert(apiClientGrants).values(appIds.map((appId) => ({ clientRowId, appId, createdAt: at }))).onConflictDoNothing();
  },
  async revokeGrant(db: DbOrTx, clientRowId: string, appId: string): Promise<boolean> {
    const gone = await db.delete(apiClientGrants).where(and(eq(apiClientGrants.clientRowId, clientRowId), eq(apiClientGrants.appId, appId))).returning({ appId: apiClientGrants.appId });
    return gone.length > 0;
  },
  async touchKey(db: DbOrTx, keyId: string, at: Date): Promise<void> {
    await db.update(apiClientKeys).set({ lastUsedAt: at }).where(eq(apiClientKeys.keyId, keyId));
  },
};
