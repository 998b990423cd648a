import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';

// Queries name their tables (repos import them); the relational query API, which would
// need every table in one schema object here, is not used, so the platform knows no family.
type Schema = Record<string, never>;

/** The drizzle database, whichever driver (PGlite or pg) is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either, so a service can run several repos in one transaction. */
export type DbOrTx = Db | Tx;

/** Whether a repo was handed a transaction rather than the database itself. */
export function isTransaction(db: DbOrTx): db is Tx {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}

export interface Database {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string, for what needs a connection of its own (LISTEN). */
  url?: string;
  db: Db;
  /**
   * Raw SQL for pg-boss and hot paths: parameterless multi-statement text must go through
   * exec on PGlite. `prepareAs` names a statement PostgreSQL keeps prepared per connection
   * (its plan is made once, not on every call); the embedded database ignores it.
   */
  executeSql(text: string, values?: unknown[], options?: { prepareAs?: string }): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /**
   * Runs fn while no other process does the same on this database (a PostgreSQL advisory
   * lock; the embedded database has one process anyway): instances starting together take
   * their start-up work in turns, so the second finds the first one's seed.
   */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
