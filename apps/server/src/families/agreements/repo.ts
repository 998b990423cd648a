import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { users } from '../accounts/public';
import { teamAgreements } from './tables';

export interface Signature {
  agreementId: string;
  version: string;
  signedAt: Date;
  signedByName: string | null;
}

export const agreementsRepo = {
  /** The team's signatures, newest first per agreement. */
  async ofTeam(db: DbOrTx, teamId: string): Promise<Signature[]> {
    return db
      .select({ agreementId: teamAgreements.agreementId, version: teamAgreements.version, signedAt: teamAgreements.signedAt, signedByName: users.displayName })
      .from(teamAgreements)
      .leftJoin(users, eq(users.id, teamAgreements.signedBy))
      .where(eq(teamAgreements.teamId, teamId))
      .orderBy(desc(teamAgreements.signedAt));
  },
  /** Records a signature; false when this version was signed already. */
  async sign(db: DbOrTx, row: typeof teamAgreements.$inferInsert): Promise<boolean> {
    const inserted = await db.insert(teamAgreements).values(row).onConflictDoNothing().returning({ teamId: teamAgreements.teamId });
    return inserted.length > 0;
  },
  async has(db: DbOrTx, teamId: string, agreementId: string, version: string): Promise<boolean> {
    const rows = await db
      .select({ v: teamAgreements.version })
      .from(teamAgreements)
      .where(and(eq(teamAgreements.teamId, teamId), eq(teamAgreements.agreementId, agreementId), eq(teamAgreements.version, version)))
      .limit(1);
    return rows.length > 0;
  },
};
