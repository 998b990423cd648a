import pg from 'pg';
import Cursor from 'pg-cursor';
import type { StatementResult } from '@wharf/contract';
import { survivingLostConnections } from '../../platform/db/lost-connections';
import { AppError } from '../../platform/http/errors';
import type { ProjectDbCluster } from './cluster';
import { refuseUnsupported, ScriptSyntaxError, statementsOf, type Statement } from './statements';

/** Type names by oid, from node-postgres's list of built-in types. */
const TYPE_NAMES = new Map(Object.entries(pg.types.builtins).map(([name, oid]) => [oid as number, name.toLowerCase()]));
/** Every value as PostgreSQL's own text: the console shows it as it is, and CSV writes it so. */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

export interface Target {
  pgName: string;
  owner: string;
  password: string;
}

export interface RunLimits {
  rowLimit: number;
  statementMs: number;
}

export interface RunAnswer {
  results: StatementResult[];
  error: { statementIndex: number; message: string; code: string | null; position: number | null } | null;
}

interface PgError {
  message: string;
  code?: string;
  position?: string;
}

export interface Session {
  /** The server process of the session, which a cancel from any instance names. */
  pid: number;
  one(s: Statement, limits: RunLimits): Promise<StatementResult>;
}

/** Where a statement failed and why, as PostgreSQL said it (its position counted in the script). */
export function errorOf(err: unknown, s: Statement, statementIndex: number): NonNullable<RunAnswer['error']> {
  const e = err as PgError;
  return { statementIndex, message: e.message, code: e.code ?? null, position: e.position ? s.at + Number(e.position) : null };
}

/**
 * The SQL console's sessions: one connection of the database's own role (never the
 * platform's) per run, from a small pool of that database's, thrown away after the run so
 * that nothing a script sets or leaves open (a role, a transaction, a setting) outlives
 * it. Each statement runs as a cursor that reads one row past the limit and closes, so a
 * result of a billion rows costs a thousand; a watchdog on the platform's side cancels a
 * statement at its time limit whatever `statement_timeout` the script set.
 */
export class SqlConsole {
  readonly #pools = new Map<string, pg.Pool>();

  constructor(private readonly cluster: ProjectDbCluster) {}

  #pool(t: Target): pg.Pool {
    let pool = this.#pools.get(t.pgName);
    if (!pool) {
      pool = survivingLostConnections(new pg.Pool({ connectionString: this.cluster.urlAs(t.pgName, t.owner, t.password), max: 3, idleTimeoutMillis: 30_000 }));
      this.#pools.set(t.pgName, pool);
    }
    return pool;
  }

  /** Sessions of a database that is going away end with it. */
  async forget(pgName: string): Promise<void> {
    const pool = this.#pools.get(pgName);
    this.#pools.delete(pgName);
    await pool?.end().catch(() => undefined);
  }

  async run(t: Target, sql: string, limits: RunLimits): Promise<RunAnswer> {
    let statements: Statement[];
    try {
      statements = await statementsOf(sql);
    } catch (err) {
      if (err instanceof ScriptSyntaxError) return { results: [], error: { statementIndex: 0, message: err.message, code: '42601', position: err.position } };
      throw err;
    }
    statements.forEach(refuseUnsupported);
    return this.session(t, async (session) => {
      const results: StatementResult[] = [];
      for (const [i, s] of statements.entries()) {
        try {
          results.push(await session.one(s, limits));
        } catch (err) {
          return { results, error: errorOf(err, s, i) };
        }
      }
      return { results, error: null };
    });
  }

  /** A session of the database's own role for several statements (a script run), thrown away after `work`. */
  async session<T>(t: Target, work: (session: Session) => Promise<T>): Promise<T> {
    const client = await this.#connect(t);
    try {
      return await work({ pid: pidOf(client), one: (s, limits) => this.#one(client, s, limits) });
    } finally {
      client.release(true);
    }
  }

  /** One query's rows as text, in batches, up to `max` rows (for a CSV export). */
  async *rows(t: Target, sql: string, max: number, statementMs: number): AsyncGenerator<{ columns: string[] } | { row: Array<string | null> }> {
    const statements = await statementsOf(sql).catch((err: unknown) => {
      throw new AppError('invalidInput', { zh: `SQL 语法错误：${(err as Error).message}`, en: `SQL syntax error: ${(err as Error).message}`, ru: `Синтаксическая ошибка SQL: ${(err as Error).message}` });
    });
    if (statements.length !== 1) throw new AppError('invalidInput', { zh: '导出只能包含一条查询语句', en: 'An export takes exactly one query', ru: 'Экспорт принимает ровно один запрос' });
    refuseUnsupported(statements[0]!);
    const client = await this.#connect(t);
    const cursor = client.query(new Cursor(statements[0]!.text, undefined, { rowMode: 'array', types: AS_TEXT }));
    const watchdog = setTimeout(() => void this.cluster.cancel(pidOf(client)).catch(() => undefined), statementMs);
    try {
      let sent = 0;
      let named = false;
      while (sent < max) {
        const batch = (await cursor.read(Math.min(1000, max - sent))) as Array<Array<string | null>>;
        if (!named) {
          named = true;
          yield { columns: fieldsOf(cursor).map((f) => f.name) };
        }
        for (const row of batch) yield { row };
        sent += batch.length;
        if (batch.length === 0) break;
      }
    } catch (err) {
      throw new AppError('invalidInput', { zh: `查询失败：${(err as PgError).message}`, en: `The query failed: ${(err as PgError).message}`, ru: `Запрос не выполнен: ${(err as PgError).message}` });
    } finally {
      clearTimeout(watchdog);
      client.release(true);
    }
  }

  async #connect(t: Target): Promise<pg.PoolClient> {
    try {
      return await this.#pool(t).connect();
    } catch (err) {
      throw new AppError('unavailable', { zh: `无法连接数据库：${(err as Error).message}`, en: `Cannot connect to the database: ${(err as Error).message}`, ru: `Не удалось подключиться к базе данных: ${(err as Error).message}` });
    }
  }

  async #one(client: pg.PoolClient, s: Statement, limits: RunLimits): Promise<StatementResult> {
    const started = performance.now();
    const cursor = client.query(new Cursor(s.text, undefined, { rowMode: 'array', types: AS_TEXT }));
    const watchdog = setTimeout(() => void this.cluster.cancel(pidOf(client)).catch(() => undefined), limits.statementMs);
    try {
      const rows = (await cursor.read(limits.rowLimit + 1)) as Array<Array<string | null>>;
      const truncated = rows.length > limits.rowLimit;
      if (truncated) await cursor.close();
      const result = (cursor as unknown as { _result: { command: string | null; rowCount: number | null } })._result;
      return {
        statement: s.text,
        command: result.command ?? s.kind.replace(/Stmt$/, '').toUpperCase(),
        rowCount: truncated ? null : result.rowCount,
        columns: fieldsOf(cursor).map((f) => ({ name: f.name, type: TYPE_NAMES.get(f.dataTypeID) ?? String(f.dataTypeID) })),
        rows: rows.slice(0, limits.rowLimit),
        truncated,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
    } finally {
      clearTimeout(watchdog);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#pools.keys()].map((k) => this.forget(k)));
  }
}

/** The session's server process, which the watchdog cancels (node-postgres keeps it without typing it). */
const pidOf = (client: pg.PoolClient): number => (client as unknown as { processID: number }).processID;

function fieldsOf(cursor: Cursor): Array<{ name: string; dataTypeID: number }> {
  return (cursor as unknown as { _result: { fields: Array<{ name: string; dataTypeID: number }> } })._result.fields ?? [];
}
