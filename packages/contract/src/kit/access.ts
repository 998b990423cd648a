import type { PermissionName } from './permissions';

/**
 * Who may call an endpoint. Each endpoint declares exactly one level; the server refuses
 * to register a route without one, so "forgot to protect it" cannot happen silently.
 */
export type OperatorRole = 'reviewer' | 'admin';

export type Access =
  | 'anonymous'
  | 'device'
  | 'session'
  | `team:${PermissionName}`
  | `project:${PermissionName}`
  | `app:${PermissionName}`
  | `operator:${OperatorRole}`;

export type AccessKind = 'anonymous' | 'device' | 'session' | 'team' | 'project' | 'app' | 'operator';

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
