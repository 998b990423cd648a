import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { EmbeddedDatabaseUnreadableError, lockDataDir } from './data-dir-lock';
import { MIGRATIONS_DIR, MIGRATION_LOCK, STARTUP_LOCK } from './migrate';
import { PgliteThread, UnreadableData } from './pglite-thread';
import type { Database, Db } from './types';
import { survivingLostConnections } from './lost-connections';
import { keepsNamedStatements } from './prepared';
import { preparingRepeats } from './repeats-prepared';

/** The data directory, created if new and locked to this process (a dead holder's lock taken over, and said). */
async function lockedDataDir(dir: string, options: { onRecoveredLock?: (pid: number) => void }) {
  await fs.mkdir(dir, { recursive: true });
  const lock = await lockDataDir(dir);
  if (lock.recoveredFrom !== null) options.onRecoveredLock?.(lock.recoveredFrom);
  return lock;
}

/** Database.exclusively where one process holds the database: taking turns within it is enough. */
function inTurns(): Database['exclusively'] {
  let last: Promise<void> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const turn = last.then(fn);
    last = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  };
}

/**
 * Raw SQL through node-postgres; several statements without parameters answer one result
 * each: the last one counts. Statements are kept prepared by name only on PostgreSQL: the
 * embedded database's connections share its one session, where a second connection
 * preparing the same name would be refused.
 */
function executeOn(pool: pg.Pool, prepared: boolean): Database['executeSql'] {
  return async (text, values, options) => {
    const res = (prepared && options?.prepareAs ? await pool.query({ name: options.prepareAs, text, values: values as unknown[] }) : await pool.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(res) ? (res[res.length - 1] ?? { rows: [] }) : res;
  };
}

/** Runs fn on one connection of the pool, holding a PostgreSQL advisory lock meanwhile. */
async function underAdvisoryLock<T>(pool: pg.Pool, key: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    client.release();
  }
}

const migrateWith = (client: pg.PoolClient) => migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });

export async function openPglite(dir: string, options: { onRecoveredLock?: (pid: number) => void } = {}): Promise<Database> {
  const lock = await lockedDataDir(dir, options);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (err) {
    await lock.release();
    throw new EmbeddedDatabaseUnreadableError(dir, err);
  }
  const drizzleDb = drizzlePglite({ client });
  return {
    kind: 'pglite',
    db: drizzleDb as unknown as Db,
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      }
      return client.query(text, values as never[]);
    },
    async migrate() {
      await migratePglite(drizzleDb, { migrationsFolder: MIGRATIONS_DIR });
    },
    exclusively: inTurns(),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
      await lock.release();
    },
  };
}

/**
 * The embedded database as the server runs it: PGlite in a thread of its own
 * (pglite-thread.ts), reached through node-postgres, so the queries,
 * the migrations and the results are those of the PostgreSQL path.
 */
export async function openPgliteThread(dir: string, options: { onRecoveredLock?: (pid: number) => void } = {}): Promise<Database> {
  const lock = await lockedDataDir(dir, options);
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start(dir);
  } catch (err) {
    await lock.release();
    throw err instanceof UnreadableData ? new EmbeddedDatabaseUnreadableError(dir, err) : err;
  }
  // Four connections keep the thread busy (performance.md); the thread keeps an open
  // transaction's statements to its own connection, as PGlite has one session.
  const pool = survivingLostConnections(thread.pool(4));
  let closed = false;
  return {
    kind: 'pglite',
    db: drizzlePg({ client: pool }) as unknown as Db,
    executeSql: executeOn(pool, false),
    async migrate() {
      const client = await pool.connect();
      try {
        await migrateWith(client);
      } finally {
        client.release();
      }
    },
    exclusively: inTurns(),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
      await thread.stop();
      await lock.release();
    },
  };
}

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = survivingLostConnections(new pg.Pool({ connectionString: url, max: poolSize }));
  preparingRepeats(pool);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  keepsNamedStatements(db);
  let closed = false;
  return {
    kind: 'postgres',
    url,
    db,
    executeSql: executeOn(pool, true),
    // Instances starting together take turns; the second finds nothing left to apply.
    migrate: () => underAdvisoryLock(pool, MIGRATION_LOCK, migrateWith).then(() => undefined),
    exclusively: (fn) => underAdvisoryLock(pool, STARTUP_LOCK, fn),
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
