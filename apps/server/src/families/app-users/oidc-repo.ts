import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appUserIdentities, appUsers, authSettings, identityProviders, oidcFlows } from './tables';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type OidcFlowRow = typeof oidcFlows.$inferSelect;

/** Identity providers, the identities linked to app users, and provider sign-ins under way. */
export const oidcRepo = {
  providers(db: DbOrTx, projectId: string): Promise<IdentityProviderRow[]> {
    return db.select().from(identityProviders).where(eq(identityProviders.projectId, projectId)).orderBy(asc(identityProviders.createdAt));
  },
  async provider(db: DbOrTx, projectId: string, providerId: string): Promise<IdentityProviderRow | undefined> {
    const [row] = await db.select().from(identityProviders).where(and(eq(identityProviders.projectId, projectId), eq(identityProviders.providerId, providerId))).limit(1);
    return row;
  },
  async saveProvider(db: DbOrTx, row: IdentityProviderRow): Promise<IdentityProviderRow> {
    const { projectId: _p, providerId: _i, createdAt: _c, ...set } = row;
    const [saved] = await db.insert(identityProviders).values(row).onConflictDoUpdate({ target: [identityProviders.projectId, identityProviders.providerId], set }).returning();
    return saved!;
  },
  async removeProvider(db: DbOrTx, projectId: string, providerId: string): Promise<IdentityProviderRow | undefined> {
    const [gone] = await db.delete(identityProviders).where(and(eq(identityProviders.projectId, projectId), eq(identityProviders.providerId, providerId))).returning();
    return gone;
  },
  async redirectUris(db: DbOrTx, projectId: string): Promise<string[]> {
    const [row] = await db.select({ uris: authSettings.redirectUris }).from(authSettings).where(eq(authSettings.projectId, projectId)).limit(1);
    return row?.uris ?? [];
  },
  async saveRedirectUris(db: DbOrTx, projectId: string, uris: string[], now: Date): Promise<string[]> {
    const [row] = await db
      .insert(authSettings)
      .values({ projectId, redirectUris: uris, updatedAt: now })
      .onConflictDoUpdate({ target: authSettings.projectId, set: { redirectUris: uris, updatedAt: now } })
      .returning({ uris: authSettings.redirectUris });
    return row!.uris;
  },

  async identity(db: DbOrTx, projectId: string, providerId: string, subject: string) {
    const [row] = await db
      .select()
      .from(appUserIdentities)
      .where(and(eq(appUserIdentities.projectId, projectId), eq(appUserIdentities.providerId, providerId), eq(appUserIdentities.subject, subject)))
      .limit(1);
    return row;
  },
  async identityOfUser(db: DbOrTx, userId: string, providerId: string) {
    const [row] = await db.select().from(appUserIdentities).where(and(eq(appUserIdentities.userId, userId), eq(appUserIdentities.providerId, providerId))).limit(1);
    return row;
  },
  /** Links the identity and names its provider on the user's row, in the caller's transaction. */
  async link(db: DbOrTx, row: typeof appUserIdentities.$inferInsert): Promise<void> {
    await db.insert(appUserIdentities).values(row);
    await db
      .update(appUsers)
      .set({ oidcProviders: sql`array_append(array_remove(${appUsers.oidcProviders}, ${row.providerId}), ${row.providerId})` })
      .where(eq(appUsers.id, row.userId));
  },
  /** Unlinks the user's account at the provider, and takes the provider off the user's row. */
  async unlink(db: DbOrTx, userId: string, providerId: string): Promise<boolean> {
    const gone = await db.delete(appUserIdentities).where(and(eq(appUserIdentities.userId, userId), eq(appUserIdentities.providerId, providerId))).returning({ s: appUserIdentities.subject });
    await db.update(appUsers).set({ oidcProviders: sql`array_remove(${appUsers.oidcProviders}, ${providerId})` }).where(eq(appUsers.id, userId));
    return gone.length > 0;
  },
  async touchIdentity(db: DbOrTx, projectId: string, providerId: string, subject: string, email: string | null): Promise<void> {
    await db
      .update(appUserIdentities)
      .set({ email })
      .where(and(eq(appUserIdentities.projectId, projectId), eq(appUserIdentities.providerId, providerId), eq(appUserIdentities.subject, subject)));
  },

  async insertFlow(db: DbOrTx, row: typeof oidcFlows.$inferInsert): Promise<void> {
    await db.insert(oidcFlows).values(row);
  },
  async flowByState(db: DbOrTx, stateDigest: string): Promise<OidcFlowRow | undefined> {
    const [row] = await db.select().from(oidcFlows).where(eq(oidcFlows.stateDigest, stateDigest)).limit(1).for('update');
    return row;
  },
  async flowByResult(db: DbOrTx, resultDigest: string): Promise<OidcFlowRow | undefined> {
    const [row] = await db.select().from(oidcFlows).where(eq(oidcFlows.resultCodeDigest, resultDigest)).limit(1).for('update');
    return row;
  },
  async updateFlow(db: DbOrTx, id: string, set: Partial<typeof oidcFlows.$inferInsert>): Promise<void> {
    await db.update(oidcFlows).set(set).where(eq(oidcFlows.id, id));
  },
  /** Sign-ins left unfinished past their time: nothing in them is of use any more. */
  async pruneFlows(db: DbOrTx, before: Date): Promise<void> {
    await db.delete(oidcFlows).where(lt(oidcFlows.expiresAt, before));
  },
};
