import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/types';
import { invitations, passwordResets } from '../tables';

export type InvitationRow = typeof invitations.$inferSelect;

export const invitationsRepo = {
  async insert(db: DbOrTx, row: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [created] = await db.insert(invitations).values(row).returning();
    return created!;
  },
  async byTokenHash(db: DbOrTx, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
    return row;
  },
  async byId(db: DbOrTx, teamId: string, id: string): Promise<InvitationRow | undefined> {
    const [row] = await db.select().from(invitations).where(and(eq(invitations.teamId, teamId), eq(invitations.id, id)));
    return row;
  },
  async open(db: DbOrTx, teamId: string, now: Date): Promise<InvitationRow[]> {
    return db
      .select()
      .from(invitations)
      .where(and(eq(invitations.teamId, teamId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
      .orderBy(asc(invitations.createdAt));
  },
  async accept(db: DbOrTx, id: string, userId: string, at: Date): Promise<void> {
    await db.update(invitations).set({ acceptedAt: at, acceptedBy: userId }).where(eq(invitations.id, id));
  },
  async revoke(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db.update(invitations).set({ revokedAt: at }).where(eq(invitations.id, id));
  },
};

export const resetsRepo = {
  async insert(db: DbOrTx, row: typeof passwordResets.$inferInsert): Promise<void> {
    await db.insert(passwordResets).values(row);
  },
  async byTokenHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
    return row;
  },
  async markUsed(db: DbOrTx, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(passwordResets)
      .set({ usedAt: at })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
      .returning();
    return rows.length > 0;
  },
};
