import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const project = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** A project's app users (Auth Service): people who sign in to the project's apps. */
export const appUsers = pgTable(
  'app_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: project(),
    anonymous: boolean('anonymous').notNull(),
    /** Lower case; unique in the project. */
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** E.164; unique in the project; set only by a texted code, so always verified. */
    phone: text('phone'),
    /** argon2id, as the console's own passwords. */
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    lastSignInAt: ts('last_sign_in_at'),
    /** Wrong passwords in a row; at ten the account is locked for a quarter of an hour. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** The OpenID Connect providers linked (kept with `app_user_identities`, so answers need no join). */
    oidcProviders: text('oidc_providers').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('app_users_project_email').on(t.projectId, t.email).where(sql`${t.email} is not null`),
    uniqueIndex('app_users_project_phone').on(t.projectId, t.phone).where(sql`${t.phone} is not null`),
    index('app_users_project_created').on(t.projectId, t.createdAt, t.id),
  ],
);

/** The sign-in methods a project turned on (no row: none). */
export const authSettings = pgTable('auth_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  anonymous: boolean('anonymous').notNull().default(false),
  email: boolean('email').notNull().default(false),
  phone: boolean('phone').notNull().default(false),
  /** The countries (ISO 3166 alpha-2) whose numbers may be texted codes; others are refused. */
  phoneCountries: text('phone_countries').array().notNull().default(sql`'{}'::text[]`),
  /** Where a provider sign-in may send the browser back to the app (exact match). */
  redirectUris: text('redirect_uris').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A signed-in app user on one device: its refresh token is `<id>.<secret>`, and only the
 * secret's latest digest is kept; each refresh replaces it. A spent or unknown secret
 * presented with a valid id means the token was copied: the session ends.
 */
export const appUserSessions = pgTable(
  'app_user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    appId: uuid('app_id').notNull(),
    tokenDigest: text('token_digest').notNull(),
    createdAt: ts('created_at').notNull(),
    refreshedAt: ts('refreshed_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    /** signOut | reused | revoked | disabled | replaced (by a new session, e.g. after linking an email) */
    endedReason: text('ended_reason'),
    endedAt: ts('ended_at'),
  },
  (t) => [index('app_user_sessions_user').on(t.userId)],
);

/**
 * The keys that sign a project's access tokens (ES256). The private key is a sealed secret
 * of the secrets port; the public one is published in the project's JWKS.
 */
export const authSigningKeys = pgTable(
  'auth_signing_keys',
  {
    kid: text('kid').primaryKey(),
    projectId: project(),
    publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
    secretId: uuid('secret_id').notNull(),
    createdAt: ts('created_at').notNull(),
    /** Set when a newer key took over; still published until its last tokens expired. */
    retiredAt: ts('retired_at'),
  },
  (t) => [index('auth_signing_keys_project').on(t.projectId, t.createdAt)],
);

/**
 * One-time codes mailed to app users: to verify their email, to set a new password. Only a
 * digest is kept; a code is spent on use, refused after its time or five wrong tries.
 */
export const appUserCodes = pgTable(
  'app_user_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** verifyEmail | resetPassword */
    purpose: text('purpose').notNull(),
    codeDigest: text('code_digest').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('app_user_codes_user').on(t.userId, t.purpose, t.createdAt)],
);

/** A project's OpenID Connect providers; the client secret is a sealed secret of the secrets port. */
export const identityProviders = pgTable(
  'identity_providers',
  {
    projectId: project(),
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    secretId: uuid('secret_id').notNull(),
    scopes: text('scopes').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.providerId] })],
);

/** An app user's account at a provider: the provider's `sub` is theirs in the project. */
export const appUserIdentities = pgTable(
  'app_user_identities',
  {
    projectId: project(),
    providerId: text('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** As the provider said at the last sign-in, verified or not. */
    email: text('email'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.providerId, t.subject] }), index('app_user_identities_user').on(t.userId)],
);

/**
 * One provider sign-in under way (ten minutes): the provider's side (`state`, `nonce`,
 * PKCE verifier) and the app's (its redirect URI, its own PKCE challenge). After the
 * callback it holds the user and a one-time code's digest for the app to finish with.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateDigest: text('state_digest').notNull(),
    teamId: uuid('team_id').notNull(),
    projectId: project(),
    appId: uuid('app_id').notNull(),
    providerId: text('provider_id').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    appState: text('app_state'),
    appCodeChallenge: text('app_code_challenge').notNull(),
    /** Set when a signed-in user started it: the provider is linked to them. */
    linkUserId: uuid('link_user_id'),
    resultUserId: uuid('result_user_id'),
    resultCodeDigest: text('result_code_digest'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    returnedAt: ts('returned_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('oidc_flows_state').on(t.stateDigest), uniqueIndex('oidc_flows_result').on(t.resultCodeDigest), index('oidc_flows_expires').on(t.expiresAt), index('oidc_flows_project').on(t.projectId)],
);

/**
 * Codes texted to phone numbers, kept by number (the number may have no user yet): only a
 * digest, spent on use, refused after ten minutes or five wrong tries; a new one replaces it.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: project(),
    phone: text('phone').notNull(),
    codeDigest: text('code_digest').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: ts('used_at'),
  },
  (t) => [index('phone_codes_number').on(t.projectId, t.phone, t.createdAt)],
);

/** The mails and texts a project wrote for its app users, per kind and language (else the defaults). */
export const authTemplates = pgTable(
  'auth_templates',
  {
    projectId: project(),
    /** verifyEmail | resetPassword | phoneCode */
    kind: text('kind').notNull(),
    /** cn | en | ru */
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.kind, t.language] })],
);
