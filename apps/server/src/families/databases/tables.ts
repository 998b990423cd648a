import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A project's own database on the project-database server, and the role that owns it. */
export const projectDatabases = pgTable(
  'project_databases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').notNull(),
    /** What the team called it. */
    name: text('name').notNull(),
    /** Its name on the server, `wdb_<hex>`. */
    pgName: text('pg_name').notNull().unique(),
    /** The login role that owns it, `<pgName>_owner`: the console's sessions run as it. */
    owner: text('owner').notNull(),
    /** The owner's password, a revealable secret of the project. */
    ownerSecretId: uuid('owner_secret_id').notNull(),
    /** ready, deleting. */
    state: text('state').notNull().default('ready'),
    deleteAt: ts('delete_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('project_databases_name').on(t.projectId, t.name)],
);

/** The team's accounts of a database, for their own backends (passwords are never kept). */
export const databaseAccounts = pgTable(
  'database_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseId: uuid('database_id')
      .notNull()
      .references(() => projectDatabases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The login role, `<pgName>_<name>`. */
    username: text('username').notNull().unique(),
    /** readOnly, readWrite, owner. */
    privilege: text('privilege').notNull(),
    schema: text('schema').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('database_accounts_name').on(t.databaseId, t.name)],
);

/** What each person ran in the SQL console of a database. */
export const sqlHistory = pgTable(
  'sql_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseId: uuid('database_id')
      .notNull()
      .references(() => projectDatabases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    sql: text('sql').notNull(),
    ok: boolean('ok').notNull(),
    durationMs: integer('duration_ms').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('sql_history_person').on(t.databaseId, t.userId, t.at)],
);
