import type { PermissionName } from '../../kit/permissions';
import type { ApiClientRole } from './schemas';

/**
 * What each API client role may do in its team: a team role's permissions narrowed to one
 * kind of work. A client never manages members, roles or agreements, whatever its role.
 */
export const API_CLIENT_ROLE_PERMISSIONS: Readonly<Record<ApiClientRole, readonly PermissionName[]>> = {
  administrator: [
    'team.read', 'project.read', 'project.manage', 'app.read', 'app.create', 'app.manage', 'package.manage', 'file.upload',
    'version.manage', 'version.release', 'test.manage', 'cloud.read', 'cloud.manage', 'cert.manage', 'growth.manage',
    'analytics.read', 'support.manage',
  ],
  publishing: ['team.read', 'project.read', 'app.read', 'app.manage', 'package.manage', 'file.upload', 'version.manage', 'version.release', 'test.manage'],
  reports: ['team.read', 'project.read', 'app.read', 'analytics.read'],
};

/**
 * The scopes an `api-client:<scope>` call may name, per role: an administrator client
 * may make every call a narrower one may.
 */
export const API_CLIENT_ROLE_SCOPES: Readonly<Record<ApiClientRole, readonly string[]>> = {
  administrator: ['administrator', 'publishing', 'reports'],
  publishing: ['publishing'],
  reports: ['reports'],
};
