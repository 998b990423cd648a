import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appUsers, authSettings, phoneCodes } from './tables';

/** Codes texted to numbers, users by number, and the project's countries. */
export const phoneRepo = {
  async userByPhone(db: DbOrTx, projectId: string, phone: string) {
    const [row] = await db.select().from(appUsers).where(and(eq(appUsers.projectId, projectId), eq(appUsers.phone, phone))).limit(1);
    return row;
  },
  /** A new code for the number; earlier unspent ones stop working. */
  async replaceCode(db: DbOrTx, row: typeof phoneCodes.$inferInsert): Promise<void> {
    await db
      .update(phoneCodes)
      .set({ usedAt: row.createdAt })
      .where(and(eq(phoneCodes.projectId, row.projectId), eq(phoneCodes.phone, row.phone), isNull(phoneCodes.usedAt)));
    await db.insert(phoneCodes).values(row);
  },
  async latestCode(db: DbOrTx, projectId: string, phone: string) {
    const [row] = await db
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.projectId, projectId), eq(phoneCodes.phone, phone), isNull(phoneCodes.usedAt)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  },
  async failed(db: DbOrTx, id: string): Promise<void> {
    await db.update(phoneCodes).set({ failedAttempts: sql`${phoneCodes.failedAttempts} + 1` }).where(eq(phoneCodes.id, id));
  },
  async spend(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(phoneCodes).set({ usedAt: at }).where(eq(phoneCodes.id, id));
  },
  async countries(db: DbOrTx, projectId: string): Promise<string[]> {
    const [row] = await db.select({ countries: authSettings.phoneCountries }).from(authSettings).where(eq(authSettings.projectId, projectId)).limit(1);
    return row?.countries ?? [];
  },
  async saveCountries(db: DbOrTx, projectId: string, countries: string[], now: Date): Promise<string[]> {
    const [row] = await db
      .insert(authSettings)
      .values({ projectId, phoneCountries: countries, updatedAt: now })
      .onConflictDoUpdate({ target: authSettings.projectId, set: { phoneCountries: countries, updatedAt: now } })
      .returning({ countries: authSettings.phoneCountries });
    return row!.countries;
  },
};
