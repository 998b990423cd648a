/**
 * Permission names, as the console sees them in `userPermission` (name to "Y").
 * Roles are named sets of these; the table lives here so the server's checks and the
 * console's menus can never disagree.
 */
export const PERMISSIONS = [
  'team.read',
  'team.members.manage',
  'team.roles.manage',
  'team.audit.read',
  'project.read',
  'project.manage',
  'app.read',
  'app.create',
  'app.manage',
  'package.manage',
  'file.upload',
  'version.manage',
  'version.release',
  'test.manage',
  'cloud.read',
  'cloud.manage',
  'cert.manage',
  'growth.manage',
  'analytics.read',
  'finance.read',
  'finance.manage',
  'support.manage',
  'agreement.sign',
] as const;

export type PermissionName = (typeof PERMISSIONS)[number];

export const BUILT_IN_ROLES = [
  'accountHolder',
  'administrator',
  'appAdministrator',
  'development',
  'operations',
  'customerService',
  'finance',
  'legal',
] as const;

export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const ALL: readonly PermissionName[] = PERMISSIONS;

/** AppGallery Connect's roles, as its users know them (see design/console-ux.md, Roles). */
export const ROLE_PERMISSIONS: Readonly<Record<BuiltInRole, readonly PermissionName[]>> = {
  accountHolder: ALL,
  administrator: ALL.filter((p) => p !== 'agreement.sign'),
  appAdministrator: [
    'team.read', 'project.read', 'app.read', 'app.manage', 'package.manage', 'file.upload', 'version.manage',
    'version.release', 'test.manage', 'cloud.read', 'cloud.manage', 'growth.manage',
    'analytics.read', 'support.manage',
  ],
  development: [
    'team.read', 'project.read', 'project.manage', 'app.read', 'app.create', 'app.manage',
    'package.manage',
  'file.upload', 'version.manage', 'test.manage', 'cloud.read', 'cloud.manage',
    'cert.manage', 'analytics.read',
  ],
  operations: [
    'team.read', 'project.read', 'app.read', 'file.upload', 'version.manage', 'version.release', 'test.manage',
    'cloud.read', 'growth.manage', 'analytics.read',
  ],
  customerService: ['team.read', 'project.read', 'app.read', 'support.manage'],
  finance: ['team.read', 'project.read', 'app.read', 'analytics.read', 'finance.read', 'finance.manage'],
  legal: ['team.read', 'agreement.sign'],
};

export function isPermissionName(value: string): value is PermissionName {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The `userPermission` map the console reads: every known name, "Y" or "N". */
const MAPS = new WeakMap<object, Record<PermissionName, 'Y' | 'N'>>();

/** Every permission to "Y" or "N". A set kept by the caller (a cached session's) maps once. */
export function userPermissionMap(granted: Iterable<PermissionName>): Record<PermissionName, 'Y' | 'N'> {
  const known = MAPS.get(granted);
  if (known) return known;
  const set = new Set(granted);
  const map = Object.freeze(Object.fromEntries(PERMISSIONS.map((p) => [p, set.has(p) ? 'Y' : 'N'])) as Record<PermissionName, 'Y' | 'N'>);
  MAPS.set(granted, map);
  return map;
}
