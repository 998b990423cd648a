import { index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../accounts/public';
import { apps } from '../apps/public';
import { projects } from '../projects/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A team's API clients (an ID and a secret) and service accounts (an ID and key pairs). */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The long decimal number the client is known by outside (`client_id`, `sub_account`). */
    clientId: text('client_id').notNull().unique(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** A project-level client acts only in this project; null for a team-level one. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** api-client | service-account */
    type: text('type').notNull(),
    /** administrator | publishing | reports */
    role: text('role').notNull(),
    /** The verifiable secret of an API client (the secrets port); null for a service account. */
    secretId: uuid('secret_id'),
    /** The secret before the last rotation, accepted until `previousSecretUntil`. */
    previousSecretId: uuid('previous_secret_id'),
    previousSecretUntil: ts('previous_secret_until'),
    /** Access tokens issued before this are refused (a secret revoked at once). */
    tokensValidFrom: ts('tokens_valid_from').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [unique('api_clients_team_name').on(t.teamId, t.name), index('api_clients_team_created').on(t.teamId, t.createdAt, t.id), index('api_clients_project').on(t.projectId)],
);

/** A service account's public keys: the private halves were handed out once and never kept. */
export const apiClientKeys = pgTable(
  'api_client_keys',
  {
    keyId: uuid('key_id').primaryKey(),
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    /** SPKI, PEM. */
    publicKey: text('public_key').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('api_client_keys_client').on(t.clientRowId, t.createdAt)],
);

/** The apps a client is limited to (grant records); a client with none reaches every app it can. */
export const apiClientGrants = pgTable(
  'api_client_grants',
  {
    clientRowId: uuid('client_row_id')
      .notNull()
      .references(() => apiClients.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  // Deleting an app deletes its grants by app_id (the foreign key cascades): found by index, not a scan.
  (t) => [primaryKey({ columns: [t.clientRowId, t.appId] }), index('api_client_grants_app').on(t.appId)],
);
