import { BUILT_IN_ROLES, ROLE_PERMISSIONS, type BuiltInRole, type PermissionName } from '@wharf/contract';
import type { DbOrTx } from '../../../platform/db/types';
import { teamsRepo } from '../repo/teams';

export const CUSTOM_PREFIX = 'custom:';

export function isBuiltInRole(key: string): key is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(key);
}

/** The union of the permissions of a member's roles; the account holder has them all. */
export async function permissionsOf(db: DbOrTx, teamId: string, roles: readonly string[], isHolder: boolean): Promise<Set<PermissionName>> {
  const granted = new Set<PermissionName>(isHolder ? ROLE_PERMISSIONS.accountHolder : []);
  const customIds: string[] = [];
  for (const key of roles) {
    if (isBuiltInRole(key)) for (const p of ROLE_PERMISSIONS[key]) granted.add(p);
    else if (key.startsWith(CUSTOM_PREFIX)) customIds.push(key.slice(CUSTOM_PREFIX.length));
  }
  if (customIds.length) {
    for (const role of await teamsRepo.customRoles(db, teamId, customIds)) {
      for (const p of role.permissions) granted.add(p as PermissionName);
    }
  }
  // Every member may read their own team: what the console needs to show anything.
  granted.add('team.read');
  return granted;
}
