import type { PermissionName } from './permissions';

/**
 * Who may call an endpoint. Each endpoint declares exactly one level; the server refuses
 * to register a route without one, so "forgot to protect it" cannot happen silently.
 */
export type OperatorRole = 'reviewer' | 'support' | 'admin';

export type Access =
  | 'anonymous'
  | 'device'
  | 'session'
  | `team:${PermissionName}`
  | `project:${PermissionName}`
  | `app:${PermissionName}`
  | `operator:${OperatorRole}`
  | 'app-client'
  | `app-client:${AppUserRequirement}`
  | 'api-client'
  | `api-client:${string}`;

/**
 * What an `app-client` call needs of the app user on the device, beside the app's key:
 * `user`, a valid app-user token (`Authorization: Bearer`) or 401; `optional-user`, the
 * token's user when one is sent (a bad one is still refused), anonymous otherwise. A bare
 * `app-client` call does not read the token at all (the Auth Service's own calls do).
 */
export type AppUserRequirement = 'user' | 'optional-user';
export const APP_USER_REQUIREMENTS: readonly AppUserRequirement[] = ['user', 'optional-user'];

export type AccessKind = 'anonymous' | 'device' | 'session' | 'team' | 'project' | 'app' | 'operator' | 'app-client' | 'api-client';

/**
 * Calls made with credentials instead of a console session: an app on a device (its
 * client ID and API key from the configuration file, headers `client_id` and `api_key`)
 * and an API client of a team (a bearer token, optionally with a named scope:
 * `api-client:<scope>`). The families that issue the credentials check them.
 */
export const CREDENTIAL_KINDS: readonly AccessKind[] = ['app-client', 'api-client'];

/**
 * The levels that act in one team (its id in the `teamId` header) and need a permission
 * there. A `project:` call also names one project of that team, as `projectId` in its
 * path or query string, where the check reads it before the body.
 */
export const TEAM_SCOPED_KINDS: readonly AccessKind[] = ['team', 'project', 'app'];

export interface ParsedAccess {
  kind: AccessKind;
  /** The permission (team/app) or operator role the level names; null for the others. */
  requirement: string | null;
}

export function parseAccess(access: Access): ParsedAccess {
  const colon = access.indexOf(':');
  if (colon < 0) return { kind: access as AccessKind, requirement: null };
  return {
    kind: access.slice(0, colon) as AccessKind,
    requirement: access.slice(colon + 1),
  };
}
