import pg from 'pg';
import type { Config } from '../../config';
import { survivingLostConnections } from '../../platform/db/lost-connections';
import { AppError } from '../../platform/http/errors';

const { escapeIdentifier: ident, escapeLiteral: literal } = pg;

/**
 * Limits set on a database's roles by the platform, the defaults of every session of
 * theirs: a role cannot lift `temp_file_limit` (a superuser's setting); the others a
 * session may SET, so the console's own watchdog stops its statements whatever they set.
 */
export const ROLE_SETTINGS = { statement_timeout: '15s', idle_in_transaction_session_timeout: '60s', work_mem: '16MB', temp_file_limit: '1GB' } as const;
/** The team's accounts serve their backends, whose statements (a migration) may run long: only what protects the server. */
export const ACCOUNT_SETTINGS = { idle_in_transaction_session_timeout: '10min', temp_file_limit: '1GB' } as const;

/** What an account may do in one schema. */
const GRANTS = {
  readOnly: ['GRANT USAGE ON SCHEMA %s TO %r', 'GRANT SELECT ON ALL TABLES IN SCHEMA %s TO %r', 'GRANT SELECT ON ALL SEQUENCES IN SCHEMA %s TO %r', 'ALTER DEFAULT PRIVILEGES FOR ROLE %o IN SCHEMA %s GRANT SELECT ON TABLES TO %r', 'ALTER DEFAULT PRIVILEGES FOR ROLE %o IN SCHEMA %s GRANT SELECT ON SEQUENCES TO %r'],
  readWrite: [
    'GRANT USAGE ON SCHEMA %s TO %r',
    'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %s TO %r',
    'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %s TO %r',
    'ALTER DEFAULT PRIVILEGES FOR ROLE %o IN SCHEMA %s GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %r',
    'ALTER DEFAULT PRIVILEGES FOR ROLE %o IN SCHEMA %s GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %r',
  ],
} as const;

export interface DatabaseStats {
  sizeBytes: number;
  connections: number;
}

/**
 * The PostgreSQL server projects' databases live on, reached as a role that may create
 * databases and roles. Every name it is given is the platform's own (`wdb_<hex>…`), quoted
 * as an identifier all the same; passwords go as literals.
 */
export class ProjectDbCluster {
  readonly #pool: pg.Pool;
  readonly #url: URL;
  readonly #platformDatabase: string | null;

  constructor(
    url: string,
    private readonly config: Pick<Config, 'projectDatabases' | 'database'>,
  ) {
    this.#url = new URL(url);
    this.#pool = survivingLostConnections(new pg.Pool({ connectionString: url, max: 3 }));
    this.#platformDatabase = config.database.kind === 'postgres' ? new URL(config.database.url).pathname.slice(1) || null : null;
  }

  /** Where teams' backends connect. */
  get host(): string {
    return this.config.projectDatabases.publicHost ?? this.#url.hostname;
  }

  get port(): number {
    return Number(this.#url.port || 5432);
  }

  /** A connection string of one database as a role, with its password when given. */
  connectionString(database: string, user: string, password?: string): string {
    const auth = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user);
    return `postgresql://${auth}@${this.host}:${this.port}/${encodeURIComponent(database)}`;
  }

  /** The same server as `role`, for the console's sessions in one database. */
  urlAs(database: string, user: string, password: string): string {
    const u = new URL(this.#url.toString());
    u.username = user;
    u.password = password;
    u.pathname = `/${database}`;
    return u.toString();
  }

  async version(): Promise<string> {
    return String((await this.#query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v);
  }

  /** Runs in the named database as the cluster's role (the family's own statements: grants, the catalog's facts). */
  async inDatabase<T>(database: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
    const u = new URL(this.#url.toString());
    u.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: u.toString() });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await work(client);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('unavailable', { zh: `项目数据库服务器出错：${(err as Error).message}`, en: `The project-database server failed: ${(err as Error).message}`, ru: `Ошибка сервера баз данных проектов: ${(err as Error).message}` });
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Makes a database owned by a login role of its own: nobody else may connect (not even
   * PUBLIC), the role's limits are set on it, and the platform's own database stops
   * accepting PUBLIC connections too, so the new role cannot reach it either.
   */
  async createDatabase(database: string, owner: string, password: string): Promise<void> {
    const { connectionLimit } = this.config.projectDatabases;
    const o = ident(owner);
    await this.#query(`CREATE ROLE ${o} LOGIN PASSWORD ${literal(password)} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${connectionLimit}`);
    try {
      await this.#settings(o, ROLE_SETTINGS);
      // A role that is not a superuser creates a database for another owner only as a member of it.
      await this.#query(`GRANT ${o} TO CURRENT_USER`).catch(() => undefined);
      await this.#query(`CREATE DATABASE ${ident(database)} OWNER ${o} CONNECTION LIMIT ${connectionLimit}`);
      await this.#query(`REVOKE ALL ON DATABASE ${ident(database)} FROM PUBLIC`);
      await this.#query(`GRANT CONNECT, TEMPORARY ON DATABASE ${ident(database)} TO ${o}`);
      if (this.#platformDatabase) await this.#query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${ident(this.#platformDatabase)} FROM PUBLIC`);
      await this.inDatabase(database, async (c) => {
        await c.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
        await c.query(`GRANT ALL ON SCHEMA public TO ${o}`);
      });
    } catch (err) {
      await this.dropDatabase(database, [owner]).catch(() => undefined);
      throw err;
    }
  }

  /** Ends every session in the database and stops new ones (or lets them in again). */
  async setConnectable(database: string, connectable: boolean): Promise<void> {
    await this.#query(`ALTER DATABASE ${ident(database)} ALLOW_CONNECTIONS ${connectable}`);
    if (!connectable) await this.#query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  }

  /**
   * A database over its size quota takes only read-only transactions from new sessions
   * (what managed PostgreSQL services do near a full disk). A session may still turn it
   * off for itself to delete rows (`SET default_transaction_read_only = off`), as the
   * operators' docs say; open sessions end so that the setting reaches them.
   */
  async setReadOnly(database: string, readOnly: boolean): Promise<void> {
    await this.#query(readOnly ? `ALTER DATABASE ${ident(database)} SET default_transaction_read_only = on` : `ALTER DATABASE ${ident(database)} RESET default_transaction_read_only`);
    if (readOnly) await this.#query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
  }

  async dropDatabase(database: string, roles: readonly string[]): Promise<void> {
    await this.#query(`DROP DATABASE IF EXISTS ${ident(database)} WITH (FORCE)`);
    for (const role of roles) await this.#query(`DROP ROLE IF EXISTS ${ident(role)}`);
  }

  /** A login role with one of the privileges on one schema of the database. */
  async createAccount(database: string, owner: string, account: { username: string; password: string; privilege: 'readOnly' | 'readWrite' | 'owner'; schema: string }): Promise<void> {
    const r = ident(account.username);
    await this.#query(`CREATE ROLE ${r} LOGIN PASSWORD ${literal(account.password)} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${this.config.projectDatabases.connectionLimit}`);
    try {
      await this.#settings(r, ACCOUNT_SETTINGS);
      await this.#query(`GRANT CONNECT ON DATABASE ${ident(database)} TO ${r}`);
      if (account.privilege === 'owner') {
        await this.#query(`GRANT ${ident(owner)} TO ${r}`);
        return;
      }
      const grants = GRANTS[account.privilege];
      await this.inDatabase(database, async (c) => {
        await c.query(`CREATE SCHEMA IF NOT EXISTS ${ident(account.schema)} AUTHORIZATION ${ident(owner)}`);
        for (const grant of grants) await c.query(grant.replaceAll('%s', ident(account.schema)).replaceAll('%r', r).replaceAll('%o', ident(owner)));
      });
    } catch (err) {
      await this.dropAccount(database, owner, account.username).catch(() => undefined);
      throw err;
    }
  }

  /** A statement as the cluster's role; a server that is down or refuses is the deployment's trouble, said as such (503). */
  async #query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.#pool.query<R>(text, values);
    } catch (err) {
      const e = err as { message?: string; code?: string };
      // SQLSTATEs the callers look at (a setting only a superuser may make) pass as they are.
      if (e.code === '42501' && /temp_file_limit/.test(text)) throw err;
      throw new AppError('unavailable', { zh: `项目数据库服务器出错：${e.message}`, en: `The project-database server failed: ${e.message}`, ru: `Ошибка сервера баз данных проектов: ${e.message}` });
    }
  }

  /** Sets a role's defaults; `temp_file_limit` only a superuser may set, and without one it is left out. */
  async #settings(role: string, settings: Readonly<Record<string, string>>): Promise<void> {
    for (const [name, value] of Object.entries(settings)) {
      await this.#query(`ALTER ROLE ${role} SET ${name} = ${literal(value)}`).catch((err: { code?: string }) => {
        if (name !== 'temp_file_limit' || err.code !== '42501') throw err;
      });
    }
  }

  async setPassword(role: string, password: string): Promise<void> {
    await this.#query(`ALTER ROLE ${ident(role)} PASSWORD ${literal(password)}`);
  }

  /** Ends the account's sessions and removes it with what it was granted (what it owns goes to the database's owner). */
  async dropAccount(database: string, owner: string, role: string): Promise<void> {
    const exists = (await this.#query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount;
    if (!exists) return;
    await this.#query(`ALTER ROLE ${ident(role)} NOLOGIN`);
    await this.#query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    await this.inDatabase(database, async (c) => {
      await c.query(`REASSIGN OWNED BY ${ident(role)} TO ${ident(owner)}`);
      await c.query(`DROP OWNED BY ${ident(role)}`);
    }).catch(() => undefined);
    await this.#query(`REVOKE ALL ON DATABASE ${ident(database)} FROM ${ident(role)}`).catch(() => undefined);
    await this.#query(`DROP ROLE IF EXISTS ${ident(role)}`);
  }

  /** Sizes and open sessions of these databases (those that exist). */
  async stats(databases: readonly string[]): Promise<Map<string, DatabaseStats>> {
    if (!databases.length) return new Map();
    const { rows } = await this.#query<{ datname: string; size: string; connections: string }>(
      'SELECT d.datname, pg_database_size(d.oid) AS size, (SELECT count(*) FROM pg_stat_activity a WHERE a.datname = d.datname) AS connections FROM pg_database d WHERE d.datname = ANY($1)',
      [[...databases]],
    );
    return new Map(rows.map((r) => [r.datname, { sizeBytes: Number(r.size), connections: Number(r.connections) }]));
  }

  /** Stops a backend's statement (the console's watchdog). */
  async cancel(pid: number): Promise<void> {
    await this.#query('SELECT pg_cancel_backend($1)', [pid]);
  }

  async close(): Promise<void> {
    await this.#pool.end().catch(() => undefined);
  }
}
