import { PERMISSIONS, type PermissionName } from '@wharf/contract';
import { hasPermission } from '@wharf/rules';

/** What a user may see: menu items and buttons follow the userPermission map. */

export type PermissionMap = Readonly<Record<string, string>> | null | undefined;

export function can(map: PermissionMap, permission: PermissionName): boolean {
  return hasPermission(map ?? null, permission);
}

export function canAny(map: PermissionMap, permissions: readonly PermissionName[]): boolean {
  return permissions.some((p) => can(map, p));
}

/** "Users and permissions" is for those who manage members or roles, or read the audit log. */
export const USERS_PAGE_PERMISSIONS: readonly PermissionName[] = ['team.members.manage', 'team.roles.manage', 'team.audit.read'];

const KNOWN_GROUPS: ReadonlyArray<{ key: string; permissions: readonly string[] }> = [
  { key: 'team', permissions: ['team.read', 'team.members.manage', 'team.roles.manage', 'team.audit.read'] },
  { key: 'apps', permissions: ['project.read', 'project.manage', 'app.read', 'app.create', 'app.manage', 'package.manage', 'file.upload'] },
  { key: 'releases', permissions: ['version.manage', 'version.release', 'test.manage'] },
  { key: 'cloud', permissions: ['cloud.read', 'cloud.manage', 'cert.manage'] },
  { key: 'growth', permissions: ['growth.manage', 'analytics.read'] },
  { key: 'business', permissions: ['finance.read', 'finance.manage', 'support.manage', 'agreement.sign'] },
];

/**
 * Permissions grouped by area, for the role editor and the roles list: the contract's
 * permissions only, each once; one the console has not placed yet goes to "other".
 */
export const PERMISSION_GROUPS: ReadonlyArray<{ key: string; permissions: readonly PermissionName[] }> = (() => {
  const known = new Set<string>(PERMISSIONS);
  const groups = KNOWN_GROUPS.map((g) => ({ key: g.key, permissions: g.permissions.filter((p): p is PermissionName => known.has(p)) }));
  const placed = new Set<string>(groups.flatMap((g) => g.permissions));
  const other = PERMISSIONS.filter((p) => !placed.has(p));
  return other.length ? [...groups, { key: 'other', permissions: other }] : groups;
})();

/** Locale key of a permission's name ('app.read' is `permissions.app_read`). */
export function permissionLabelKey(permission: string): string {
  return `permissions.${permission.replace(/\./g, '_')}`;
}

/** A permission's name in the display language; a name without a text yet shows as it is. */
export function permissionLabel(permission: string, t: (key: string, options: { defaultValue: string }) => string): string {
  return t(permissionLabelKey(permission), { defaultValue: permission });
}
