import { z } from 'zod';

export const DB_PRIVILEGES = ['readOnly', 'readWrite', 'owner'] as const;
export type DbPrivilege = (typeof DB_PRIVILEGES)[number];

export const DATABASE_LIMITS = {
  /** Databases a project may have at once. */
  perProject: 5,
  /** Accounts a database may have. */
  accountsPerDatabase: 20,
  /** Days a deleted database can still be restored. */
  graceDays: 7,
  /** What the SQL console takes at once. */
  sqlMax: 100_000,
  /** Rows a statement's result shows in the console (more are counted as cut off). */
  rowLimit: 1000,
  /** Rows a CSV export takes. */
  exportRowLimit: 100_000,
  /** How long one statement may run in the console by default, in seconds (PROJECT_DATABASE_STATEMENT_SECONDS). */
  statementSeconds: 15,
  /** Statements of the history kept per person and database. */
  historyKept: 100,
  /** Saved scripts a database may have. */
  scriptsPerDatabase: 100,
  /** Days a script run and its results are kept. */
  taskDays: 7,
  /** Rows of each statement a script run keeps. */
  taskRowLimit: 100,
  /** Statements whose results a script run keeps (it counts all). */
  taskResultsKept: 50,
} as const;

export const projectQuery = z.object({ projectId: z.uuid() });
/** A name people choose: a database's or an account's, made the PostgreSQL name's last part. */
export const dbObjectName = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[a-z][a-z0-9_]*$/);
export const schemaName = z
  .string()
  .trim()
  .min(1)
  .max(63)
  .regex(/^[a-z_][a-z0-9_]*$/);

export const projectDatabase = z.object({
  databaseId: z.string(),
  projectId: z.string(),
  name: z.string(),
  /** The database's name on the server (what a connection string names). */
  pgName: z.string(),
  /** ready, or deleting (until `deleteAt`, restorable). */
  state: z.enum(['ready', 'deleting']),
  deleteAt: z.string().nullable(),
  /** Past its size quota: new transactions are read-only until rows are deleted. */
  overQuota: z.boolean(),
  host: z.string(),
  port: z.number().int(),
  sizeBytes: z.number().nullable(),
  sizeQuotaBytes: z.number(),
  connections: z.number().int().nullable(),
  connectionLimit: z.number().int(),
  createdAt: z.string(),
});
export type ProjectDatabase = z.infer<typeof projectDatabase>;

export const databaseDetail = projectDatabase.extend({
  serverVersion: z.string(),
  extensions: z.array(z.object({ name: z.string(), version: z.string() })),
  schemas: z.array(z.string()),
  tables: z.array(z.object({ schema: z.string(), name: z.string(), rows: z.number().nullable(), sizeBytes: z.number() })),
});

export const dbAccount = z.object({
  accountId: z.string(),
  databaseId: z.string(),
  /** The login name on the server. */
  username: z.string(),
  privilege: z.enum(DB_PRIVILEGES),
  schema: z.string(),
  /** Without the password, which is shown once. */
  connectionString: z.string(),
  createdAt: z.string(),
});
export type DbAccount = z.infer<typeof dbAccount>;

export const statementResult = z.object({
  /** The statement as written (its text in the script). */
  statement: z.string(),
  /** SELECT, INSERT, CREATE TABLE, … */
  command: z.string(),
  rowCount: z.number().int().nullable(),
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /** At most `rowLimit` rows, each value as text (null as null). */
  rows: z.array(z.array(z.string().nullable())),
  /** More rows than shown were there. */
  truncated: z.boolean(),
  durationMs: z.number(),
});
export type StatementResult = z.infer<typeof statementResult>;

export const executeAnswer = z.object({
  results: z.array(statementResult),
  /** Where the run stopped, if it failed: the statement's index and PostgreSQL's message. */
  error: z.object({ statementIndex: z.number().int(), message: z.string(), code: z.string().nullable(), position: z.number().int().nullable() }).nullable(),
});

export const historyEntry = z.object({ entryId: z.string(), sql: z.string(), ok: z.boolean(), durationMs: z.number(), at: z.string() });
