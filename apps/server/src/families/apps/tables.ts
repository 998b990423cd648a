import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    projectId: uuid('project_id').notNull(),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    packageName: text('package_name').notNull(),
    category: text('category').notNull(),
    kindId: text('kind_id'),
    defaultLanguage: text('default_language').notNull(),
    developStatus: text('develop_status').notNull().default('developing'),
    packageNameLocked: boolean('package_name_locked').notNull().default(false),
    everOnShelf: boolean('ever_on_shelf').notNull().default(false),
    /** On shelf now: its name is taken for other apps. */
    listed: boolean('listed').notNull().default(false),
    developerWebsite: text('developer_website'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    // A package name is unique on its platform, across every team.
    uniqueIndex('apps_platform_package').on(t.platform, t.packageName),
    index('apps_team_created').on(t.teamId, t.createdAt, t.id),
    index('apps_project').on(t.projectId),
    // A listed app's name is taken store-wide in any case: the create and edit checks look it up.
    index('apps_listed_name').on(sql`lower(${t.name})`).where(sql`${t.listed}`),
  ],
);

/**
 * Apps of a team sold as one series (editions of one product, e.g. a lite and a full app).
 * An app is in at most one series; the series is named by its id.
 */
export const appSeriesMembers = pgTable(
  'app_series_members',
  {
    appId: uuid('app_id').primaryKey(),
    seriesId: uuid('series_id').notNull(),
    teamId: uuid('team_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('app_series_members_series').on(t.seriesId)],
);

/**
 * An app's client credentials (the `app-client` access level). The API key itself is a
 * revealable secret of the secrets port (it goes into the configuration file again on every
 * download); during a rotation's grace period the replaced key is kept beside it.
 */
export const appClients = pgTable(
  'app_clients',
  {
    appId: uuid('app_id').primaryKey(),
    clientId: text('client_id').notNull(),
    keySecretId: uuid('key_secret_id').notNull(),
    previousKeySecretId: uuid('previous_key_secret_id'),
    previousKeyExpiresAt: ts('previous_key_expires_at'),
    packageNames: jsonb('package_names').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    webOrigins: jsonb('web_origins').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: ts('created_at').notNull(),
    keyRotatedAt: ts('key_rotated_at'),
  },
  (t) => [uniqueIndex('app_clients_client_id').on(t.clientId)],
);
