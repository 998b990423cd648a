import { eq, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { appAgeRatings } from './tables';

export type AgeRow = typeof appAgeRatings.$inferSelect;

/** The only reader and writer of the age-rating table. */
export const ageRatingRepo = {
  async byApp(db: DbOrTx, appId: string): Promise<AgeRow | undefined> {
    const [row] = await db.select().from(appAgeRatings).where(eq(appAgeRatings.appId, appId));
    return row;
  },
  /**
   * The app's row locked for a change, made first when it has none (so two first changes
   * of one app run one after the other too).
   */
  async lock(db: DbOrTx, appId: string, teamId: string, now: Date): Promise<AgeRow> {
    await db.insert(appAgeRatings).values({ appId, teamId, updatedAt: now }).onConflictDoNothing();
    const [row] = await db.select().from(appAgeRatings).where(eq(appAgeRatings.appId, appId)).for('update');
    return row!;
  },
  async update(db: DbOrTx, appId: string, set: Partial<typeof appAgeRatings.$inferInsert>): Promise<AgeRow> {
    const [row] = await db.update(appAgeRatings).set(set).where(eq(appAgeRatings.appId, appId)).returning();
    return row!;
  },
  async moveApp(db: DbOrTx, appId: string, teamId: string): Promise<void> {
    await db.update(appAgeRatings).set({ teamId }).where(eq(appAgeRatings.appId, appId));
  },
  /** The app's declaration goes with it (unrun: a part of the app's deleting statement). */
  removing(db: DbOrTx, appId: string | Placeholder) {
    return db.delete(appAgeRatings).where(eq(appAgeRatings.appId, appId));
  },
};
