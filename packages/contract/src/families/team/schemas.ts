import { z } from 'zod';
import { BUILT_IN_ROLES, PERMISSIONS } from '../../kit/permissions';

export const TEAM_MEMBER_LIMIT = 200;
export const TEAMS_PER_USER_LIMIT = 10;
export const INVITATION_TTL_DAYS = 7;

/** A built-in role's name, or `custom:<id>` for a team's own role. */
export const roleKey = z.union([z.enum(BUILT_IN_ROLES), z.string().regex(/^custom:[0-9a-f-]{36}$/, 'a role key')]);
export type RoleKey = z.infer<typeof roleKey>;

export const permissionName = z.enum(PERMISSIONS);

export const role = z.object({
  key: z.string(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(permissionName),
  memberCount: z.number().int(),
});
export type Role = z.infer<typeof role>;

export const member = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  roles: z.array(z.string()),
  /** For App administrators: the apps they administer. */
  appIds: z.array(z.string()),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  isAccountHolder: z.boolean(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof member>;

export const invitation = z.object({
  invitationId: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  appIds: z.array(z.string()),
  memberExpiresAt: z.string().nullable(),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

/** Role assignment as sent by the console: roles, app scope and an optional expiry. */
export const assignment = z.object({
  roles: z.array(roleKey).min(1).max(10),
  appIds: z.array(z.string().min(1).max(64)).max(500).default([]),
  expiresAt: z.iso.datetime().nullable().default(null),
});
