import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Deps } from '../../platform/deps';
import { rowsOf } from './document-sql';

const dialect = new PgDialect();
/** Statement shapes kept prepared per connection at most: past it, new shapes run unprepared (a pool's connections never forget one). */
const MAX_PREPARED = 500;
const prepared = new Set<string>();

/**
 * Runs one statement outside a transaction. On PostgreSQL a statement's shape (its text;
 * values are parameters) is kept prepared by name, so the planner's work — large for a
 * table partitioned by zone — is done once per connection, not once per call.
 */
export async function runStatement<T>(deps: Pick<Deps, 'db' | 'database'>, statement: SQL): Promise<T[]> {
  if (deps.database.kind !== 'postgres') return rowsOf<T>(await deps.db.execute(statement));
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return runText<T>(deps, text, params);
}

/** A statement's text and parameters as drizzle renders them. */
export function renderStatement(statement: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params };
}

/** `runStatement` for a statement already rendered. */
export async function runText<T>(deps: Pick<Deps, 'database'>, text: string, params: unknown[]): Promise<T[]> {
  if (deps.database.kind !== 'postgres') return (await deps.database.executeSql(text, params)).rows as T[];
  const name = `cdb_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  if (!prepared.has(name) && prepared.size >= MAX_PREPARED) return (await deps.database.executeSql(text, params)).rows as T[];
  prepared.add(name);
  return (await deps.database.executeSql(text, params, { prepareAs: name })).rows as T[];
}
