import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { cloudDbTransfers } from './tables';

export type TransferRow = typeof cloudDbTransfers.$inferSelect;

export const transfersRepo = {
  insert: async (db: DbOrTx, row: TransferRow) => {
    await db.insert(cloudDbTransfers).values(row);
  },
  latest: (db: DbOrTx, projectId: string) => db.select().from(cloudDbTransfers).where(eq(cloudDbTransfers.projectId, projectId)).orderBy(desc(cloudDbTransfers.createdAt)).limit(20),
  update: async (db: DbOrTx, id: string, set: Partial<TransferRow>) => {
    await db.update(cloudDbTransfers).set(set).where(eq(cloudDbTransfers.id, id));
  },
  /** The oldest queued transfer, or a running one whose worker went quiet: taken, so one instance runs it. */
  async claim(db: DbOrTx, now: Date, staleBefore: Date): Promise<TransferRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(cloudDbTransfers)
        .where(or(eq(cloudDbTransfers.state, 'queued'), and(eq(cloudDbTransfers.state, 'running'), lt(cloudDbTransfers.updatedAt, staleBefore))))
        .orderBy(cloudDbTransfers.createdAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx.update(cloudDbTransfers).set({ state: 'running', done: 0, updatedAt: now }).where(eq(cloudDbTransfers.id, row.id));
      return { ...row, state: 'running', done: 0 };
    });
  },
};
