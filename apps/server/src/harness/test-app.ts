import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { ManualClock } from '../platform/clock';
import { openPgliteThread, openPostgres } from '../platform/db/client';
import type { Database } from '../platform/db/types';
import type { Family } from '../platform/deps';
import { adminQuery, withDatabase, type TemplateInfo } from './template';
import { TEST_ENV } from './test-env';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: where other processes reach the same database. */
  url: string | null;
  /** Removes the copy; safe to call twice. */
  destroy(): Promise<void>;
}

/** A fresh database copied from the run's migrated template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (info.kind === 'postgres') {
    const name = `wharf_t_${suffix}`;
    await adminQuery(info.url!, `CREATE DATABASE ${name} TEMPLATE ${info.templateName}`);
    const url = withDatabase(info.url!, name);
    const database = await openPostgres(url, 5);
    let gone = false;
    return {
      database,
      url,
      async destroy() {
        if (gone) return;
        gone = true;
        await database.close();
        await adminQuery(info.url!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dir = path.join(os.tmpdir(), `wharf-t-${suffix}`);
  await fs.cp(info.dir!, dir, { recursive: true });
  const database = await openPgliteThread(dir);
  let gone = false;
  return {
    database,
    url: null,
    async destroy() {
      if (gone) return;
      gone = true;
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An embedded data directory whose database a first start already made: a copy of the
 * run's migrated template at `DATA_DIR/db`. Tests of what comes after the first start (a
 * stop, a kill, a backup) then skip migrating a fresh database, which took a spawned
 * server 9 s of its 12 on CI's machine. Only in the embedded run, whose template is PGlite.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
  if (info.kind !== 'pglite') throw new Error('seedEmbeddedDataDir: the run has no embedded template (TEST_DATABASE_URL is set)');
  await fs.cp(info.dir!, path.join(dataDir, 'db'), { recursive: true });
}

export { TEST_ENV } from './test-env';

export interface TestApp extends BuiltApp {
  clock: ManualClock;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
  families?: readonly Family[];
  /** Reuse a database (several apps over one database, as several instances would). */
  database?: Database;
}

/** An isolated app on a fresh database, a manual clock and its own storage directory. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-data-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...options.env });
  const owned = options.database ? null : await openTestDatabase();
  const database = options.database ?? owned!.database;
  const clock = options.clock ?? new ManualClock(new Date('2026-01-15T08:00:00Z'));
  let built: BuiltApp;
  try {
    built = await buildApp({ config, database, clock, ...(options.families ? { families: options.families } : {}) });
    await built.app.ready();
  } catch (err) {
    // A test of a refused start leaves no database behind.
    await owned?.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  // Queues exist so calls can enqueue; workers run only with WHARF_JOBS=on.
  await built.deps.jobs.start();
  return {
    ...built,
    clock,
    config,
    dataDir,
    async close() {
      await built.app.close();
      await owned?.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
