import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lowercased; unique. */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language'),
    countryCode: text('country_code'),
    userType: integer('user_type').notNull().default(1),
    /** Sessions created before this time must sign in again (account status 6). */
    sessionsValidAfter: ts('sessions_valid_after'),
    operatorRoles: textArray('operator_roles'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_email').on(t.email)],
);

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  siteId: integer('site_id').notNull(),
  zone: text('zone').notNull(),
  countryCode: text('country_code'),
  /** 1 personal, 2 company. */
  userType: integer('user_type').notNull(),
  mainUserId: uuid('main_user_id').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const memberships = pgTable(
  'memberships',
  {
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id').notNull(),
    roles: textArray('roles'),
    appIds: textArray('app_ids'),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('memberships_user').on(t.userId)],
);

export const customRoles = pgTable(
  'custom_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    name: text('name').notNull(),
    permissions: textArray('permissions'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('custom_roles_team_name').on(t.teamId, t.name)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 of the opaque token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    currentTeamId: uuid('current_team_id'),
    csrfToken: text('csrf_token').notNull(),
    createdAt: ts('created_at').notNull(),
    refreshedAt: ts('refreshed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    realExpiresAt: ts('real_expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    email: text('email').notNull(),
    roles: textArray('roles'),
    appIds: textArray('app_ids'),
    memberExpiresAt: ts('member_expires_at'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('invitations_token').on(t.tokenHash), index('invitations_team').on(t.teamId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token').on(t.tokenHash)],
);

/** Failed sign-ins per account and per address, in a sliding window, for risk control. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
});
