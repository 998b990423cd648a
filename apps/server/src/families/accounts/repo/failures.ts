import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/types';
import { signInFailures } from '../tables';

export const failuresRepo = {
  /** Counts within the window; a window that has passed counts as zero. */
  async counts(db: DbOrTx, keys: string[], windowStart: Date): Promise<Map<string, number>> {
    const rows = await db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
    return new Map(rows.map((r) => [r.key, r.windowStart >= windowStart ? r.count : 0]));
  },
  /** One statement per key, so concurrent failures are all counted. */
  async record(db: DbOrTx, key: string, now: Date, windowStart: Date): Promise<void> {
    await db
      .insert(signInFailures)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          count: sql`case when ${signInFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then 1 else ${signInFailures.count} + 1 end`,
          windowStart: sql`case when ${signInFailures.windowStart} < ${windowStart.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${signInFailures.windowStart} end`,
        },
      });
  },
  async clear(db: DbOrTx, key: string): Promise<void> {
    await db.delete(signInFailures).where(eq(signInFailures.key, key));
  },
};
