// What other families may use of accounts: nothing else of this folder.
import type { DbOrTx } from '../../platform/db/types';
import { teamsRepo, type TeamRow } from './repo/teams';
import { usersRepo } from './repo/users';

/** The teams and users tables, for the foreign keys of a team's own data (cascade on delete). */
export { teams, users } from './tables';
export type { TeamRow } from './repo/teams';
export { accountsOf } from './routes/context';
export { createTeamHolder } from './service/team-holder';
export type { MembersService } from './service/members';

/** A team (its name, site, zone and account holder), or undefined. */
export const teamById = (db: DbOrTx, teamId: string): Promise<TeamRow | undefined> => teamsRepo.byId(db, teamId);

/** Users' display names by id (those that exist). */
export async function displayNames(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await usersRepo.byIds(db, [...new Set(userIds)])).map((u) => [u.id, u.displayName]));
}

/** Teams' names by id (those that exist). */
export async function teamNames(db: DbOrTx, teamIds: readonly string[]): Promise<Map<string, string>> {
  return new Map((await teamsRepo.byIds(db, [...new Set(teamIds)])).map((t) => [t.id, t.name]));
}

/** Where to mail users and in which language (those that exist). */
export async function userContacts(db: DbOrTx, userIds: readonly string[]): Promise<Array<{ userId: string; email: string; name: string; language: string | null }>> {
  return (await usersRepo.byIds(db, [...new Set(userIds)])).map((u) => ({ userId: u.id, email: u.email, name: u.displayName, language: u.language }));
}

/** The operators who hold this role (an administrator counts for every role), with where to mail them. */
export async function operatorsWithRole(db: DbOrTx, role: string): Promise<Array<{ userId: string; email: string; name: string; language: string | null }>> {
  return (await usersRepo.operators(db))
    .filter((u) => u.operatorRoles.includes(role) || u.operatorRoles.includes('admin'))
    .map((u) => ({ userId: u.id, email: u.email, name: u.displayName, language: u.language }));
}

/** Whether the user holds or administers the team now (an expired membership does not count). */
export async function administersTeam(db: DbOrTx, teamId: string, userId: string, now: Date): Promise<boolean> {
  const membership = await teamsRepo.membership(db, teamId, userId);
  const team = membership && (await teamsRepo.byId(db, teamId));
  if (!membership || !team) return false;
  return (team.mainUserId === userId || membership.roles.includes('administrator')) && (!membership.expiresAt || membership.expiresAt > now);
}

/**
 * Whether the user is a member of the team now (an expired membership does not count) who
 * may see the app: an App administrator only the apps named in their membership.
 */
export async function memberSeesApp(db: DbOrTx, teamId: string, userId: string, appId: string, now: Date): Promise<boolean> {
  const membership = await teamsRepo.membership(db, teamId, userId);
  if (!membership || (membership.expiresAt && membership.expiresAt <= now)) return false;
  return !membership.appIds?.length || membership.appIds.includes(appId);
}

/** The team's members who may see the app now, by name (at most `limit`, the longest-standing first). */
export async function membersSeeingApp(db: DbOrTx, teamId: string, appId: string, now: Date, limit = 500): Promise<Array<{ userId: string; name: string }>> {
  const rows = await teamsRepo.members(db, teamId, { limit });
  return rows
    .filter(({ membership: m }) => (!m.expiresAt || m.expiresAt > now) && (!m.appIds?.length || m.appIds.includes(appId)))
    .map(({ user }) => ({ userId: user.id, name: user.displayName }));
}
