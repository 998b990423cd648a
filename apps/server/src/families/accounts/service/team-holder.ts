import type { Tx } from '../../../platform/db/types';
import { teamsRepo, type TeamRow } from '../repo/teams';
import { usersRepo, type UserRow } from '../repo/users';
import type { teams, users } from '../tables';

/** A new user with a team of their own, whose account holder they are (sign-up; the demo's owner). */
export async function createTeamHolder(
  tx: Tx,
  user: Omit<typeof users.$inferInsert, 'id' | 'createdAt'>,
  team: Pick<typeof teams.$inferInsert, 'name' | 'siteId' | 'zone' | 'countryCode' | 'userType'>,
  now: Date,
): Promise<{ user: UserRow; team: TeamRow }> {
  const created = await usersRepo.insert(tx, { ...user, createdAt: now });
  const row = await teamsRepo.insert(tx, { ...team, mainUserId: created.id, createdAt: now });
  await teamsRepo.addMember(tx, { teamId: row.id, userId: created.id, roles: ['accountHolder'], createdAt: now });
  return { user: created, team: row };
}
