import { gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { functionRunnerHosts } from './tables';

/** The only reader and writer of the registered runner hosts. */
export const runnerHostsRepo = {
  async heard(db: DbOrTx, url: string, at: Date): Promise<void> {
    await db
      .insert(functionRunnerHosts)
      .values({ url, registeredAt: at, lastSeenAt: at })
      .onConflictDoUpdate({ target: functionRunnerHosts.url, set: { lastSeenAt: sql`excluded.last_seen_at` } });
  },
  async heardSince(db: DbOrTx, since: Date): Promise<string[]> {
    const rows = await db.select({ url: functionRunnerHosts.url }).from(functionRunnerHosts).where(gte(functionRunnerHosts.lastSeenAt, since));
    return rows.map((r) => r.url).sort();
  },
};
