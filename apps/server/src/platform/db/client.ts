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

export async function openPglite(dir: string, options: { onRecoveredLock?: (pid: number) => void } = {}): Promise<Database> {
  await fs.mkdir(dir, { recursive: true });
  const lock = await lockDataDir(dir);
  if (lock.recoveredFrom !== null) options.onRecoveredLock?.(lock.recoveredFrom);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (err) {
    await lock.release();
    throw new EmbeddedDatabaseUnreadableError(dir, err);
  }
  const drizzleDb = drizzlePglite({ client });
  let startUp: Promise<void> = Promise.resolve();
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
    // One process holds the embedded database: taking turns within it is enough.
    exclusively<T>(fn: () => Promise<T>): Promise<T> {
      const turn = startUp.then(fn);
      startUp = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
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
 * (pglite-thread.ts), reached through node-postgres with one connection, so the queries,
 * the migrations and the results are those of the PostgreSQL path.
 */
export async function openPgliteThread(dir: string, options: { onRecoveredLock?: (pid: number) => void } = {}): Promise<Database> {
  await fs.mkdir(dir, { recursive: true });
  const lock = await lockDataDir(dir);
  if (lock.recoveredFrom !== null) options.onRecoveredLock?.(lock.recoveredFrom);
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start(dir);
  } catch (err) {
    await lock.release();
    throw err instanceof UnreadableData ? new EmbeddedDatabaseUnreadableError(dir, err) : err;
  }
  // One connection: PGlite has one session, and a transaction must keep it to itself.
  const pool = thread.pool(4);
  pool.on('error', () => undefined);
  let startUp: Promise<void> = Promise.resolve();
  let closed = false;
  return {
    kind: 'pglite',
    db: drizzlePg({ client: pool }) as unknown as Db,
    async executeSql(text, values) {
      // Several statements without parameters answer one result each: the last one counts.
      const res = (await pool.query(text, values as unknown[])) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(res) ? (res[res.length - 1] ?? { rows: [] }) : res;
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        client.release();
      }
    },
    exclusively<T>(fn: () => Promise<T>): Promise<T> {
      const turn = startUp.then(fn);
      startUp = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
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
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    url,
    db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    async migrate() {
      // Instances starting together take turns; the second finds nothing left to apply.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async exclusively(fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
        client.release();
      }
    },
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
