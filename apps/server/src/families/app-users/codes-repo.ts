import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appUserCodes } from './tables';

export type CodePurpose = 'verifyEmail' | 'resetPassword';
export type AppUserCodeRow = typeof appUserCodes.$inferSelect;

export const codesRepo = {
  /** A new code replaces the user's earlier unused ones of the purpose. */
  async replace(db: DbOrTx, row: typeof appUserCodes.$inferInsert & { purpose: CodePurpose }): Promise<void> {
    await db
      .update(appUserCodes)
      .set({ usedAt: row.createdAt })
      .where(and(eq(appUserCodes.userId, row.userId), eq(appUserCodes.purpose, row.purpose), isNull(appUserCodes.usedAt)));
    await db.insert(appUserCodes).values(row);
  },
  async latest(db: DbOrTx, userId: string, purpose: CodePurpose): Promise<AppUserCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(appUserCodes)
      .where(and(eq(appUserCodes.userId, userId), eq(appUserCodes.purpose, purpose), isNull(appUserCodes.usedAt)))
      .orderBy(desc(appUserCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  },
  async spend(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(appUserCodes).set({ usedAt: at }).where(eq(appUserCodes.id, id));
  },
  async failed(db: DbOrTx, id: string): Promise<void> {
    await db.update(appUserCodes).set({ failedAttempts: sql`${appUserCodes.failedAttempts} + 1` }).where(eq(appUserCodes.id, id));
  },
};
