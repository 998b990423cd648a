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
  | `app:${PermissionName}`
  | `operator:${OperatorRole}`;

export type AccessKind = 'anonymous' | 'device' | 'session' | 'team' | 'app' | 'operator';

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
