import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { authSigningKeys } from './tables';

export type SigningKeyRow = typeof authSigningKeys.$inferSelect;

export const signingKeysRepo = {
  async current(db: DbOrTx, projectId: string): Promise<SigningKeyRow | undefined> {
    const [row] = await db
      .select()
      .from(authSigningKeys)
      .where(and(eq(authSigningKeys.projectId, projectId), isNull(authSigningKeys.retiredAt)))
      .orderBy(desc(authSigningKeys.createdAt))
      .limit(1);
    return row;
  },
  async byKid(db: DbOrTx, kid: string): Promise<SigningKeyRow | undefined> {
    const [row] = await db.select().from(authSigningKeys).where(eq(authSigningKeys.kid, kid)).limit(1);
    return row;
  },
  /** The keys a verifier may meet: the current one and those retired after `since`. */
  async published(db: DbOrTx, projectId: string, since: Date): Promise<SigningKeyRow[]> {
    return db
      .select()
      .from(authSigningKeys)
      .where(and(eq(authSigningKeys.projectId, projectId), or(isNull(authSigningKeys.retiredAt), gt(authSigningKeys.retiredAt, since))))
      .orderBy(desc(authSigningKeys.createdAt));
  },
  async insert(db: DbOrTx, row: typeof authSigningKeys.$inferInsert): Promise<void> {
    await db.insert(authSigningKeys).values(row);
  },
};
