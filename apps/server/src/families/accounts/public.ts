// What other families may use of accounts: nothing else of this folder.
import type { DbOrTx, Tx } from '../../platform/db/types';
import { teamsRepo, type TeamRow } from './repo/teams';
import { usersRepo } from './repo/users';
import type { teams } from './tables';

/** The teams and users tables, for the foreign keys of a team's own data (cascade on delete). */
export { teams, users } from './tables';
export type { TeamRow } from './repo/teams';
export { accountsServices } from './routes/context';
export type { MembersService } from './service/members';

/** A team (its name, site, zone and account holder), or undefined. */
export const teamById = (db: DbOrTx, teamId: string): Promise<TeamRow | undefined> => teamsRepo.byId(db, teamId);

/** Users' display names by id (those that exist). */
export async function displayNames(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await usersRepo.byIds(db, [...new Set(userIds)])).map((u) => [u.id, u.displayName]));
}

/** Whether the user holds or administers the team now (an expired membership does not count). */
export async function administersTeam(db: DbOrTx, teamId: string, userId: string, now: Date): Promise<boolean> {
  const membership = await teamsRepo.membership(db, teamId, userId);
  const team = membership && (await teamsRepo.byId(db, teamId));
  if (!membership || !team) return false;
  return (team.mainUserId === userId || membership.roles.includes('administrator')) && (!membership.expiresAt || membership.expiresAt > now);
}

/** A user with a team they hold (the demo's owner, whom nobody signs in as). */
export async function createTeamHolder(
  tx: Tx,
  user: { email: string; displayName: string; passwordHash: string },
  team: Pick<typeof teams.$inferInsert, 'name' | 'siteId' | 'zone' | 'countryCode' | 'userType'>,
  now: Date,
): Promise<{ userId: string; team: TeamRow }> {
  const created = await usersRepo.insert(tx, { ...user, createdAt: now });
  const row = await teamsRepo.insert(tx, { ...team, mainUserId: created.id, createdAt: now });
  await teamsRepo.addMember(tx, { teamId: row.id, userId: created.id, roles: ['accountHolder'], createdAt: now });
  return { userId: created.id, team: row };
}
