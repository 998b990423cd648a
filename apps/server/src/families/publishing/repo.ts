import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { publishingPackages } from './tables';

export type PendingRow = typeof publishingPackages.$inferSelect;

/** The only reader and writer of the family's table. */
export const publishingRepo = {
  async pending(db: DbOrTx, appId: string): Promise<PendingRow | undefined> {
    const [row] = await db.select().from(publishingPackages).where(eq(publishingPackages.appId, appId)).limit(1);
    return row;
  },
  /** The newest wins, as a second app-file-info replaces the first. */
  async setPending(db: DbOrTx, row: PendingRow): Promise<void> {
    await db.insert(publishingPackages).values(row).onConflictDoUpdate({ target: publishingPackages.appId, set: { packageId: row.packageId, clientId: row.clientId, createdAt: row.createdAt } });
  },
  /** Only if it is still that package (another app-file-info may have replaced it meanwhile). */
  async clear(db: DbOrTx, appId: string, packageId: string): Promise<void> {
    await db.delete(publishingPackages).where(and(eq(publishingPackages.appId, appId), eq(publishingPackages.packageId, packageId)));
  },
};
