import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** Past its size quota: new transactions are read-only until it is back under. */
    overQuota: boolean('over_quota').notNull().default(false),
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

/** Scripts saved under a name in a database's console. */
export const sqlScripts = pgTable(
  'sql_scripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseId: uuid('database_id')
      .notNull()
      .references(() => projectDatabases.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sql: text('sql').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('sql_scripts_name').on(t.databaseId, t.name)],
);

/** A script's run in the background: its progress, the server process running it, and what it answered. */
export const sqlTasks = pgTable(
  'sql_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    databaseId: uuid('database_id')
      .notNull()
      .references(() => projectDatabases.id, { onDelete: 'cascade' }),
    scriptId: uuid('script_id'),
    scriptName: text('script_name').notNull(),
    sql: text('sql').notNull(),
    /** queued, running, cancelling, done, failed, cancelled. */
    state: text('state').notNull().default('queued'),
    total: integer('total'),
    done: integer('done').notNull().default(0),
    /** The project database's backend running the current statement (any instance may cancel it). */
    pid: integer('pid'),
    results: jsonb('results').notNull().default([]),
    error: jsonb('error'),
    startedBy: uuid('started_by'),
    createdAt: ts('created_at').notNull(),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sql_tasks_database').on(t.databaseId, t.createdAt)],
);
