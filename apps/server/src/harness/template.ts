import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres } from '../platform/db/client';
import type { Database } from '../platform/db/types';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createMemoryTablespace, dropMemoryTablespace, withClient } from './memory-tablespace';
import { TEST_ENV } from './test-env';
import { cachedTemplateDir } from './pglite-template-cache';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template (TemplateInfo as JSON), made by global-setup.ts. */
    dbTemplate: string;
  }
}

/**
 * Migrations, pg-boss's own schema and every family's queues, so test apps start their job
 * queue quickly: pg-boss makes a table per queue the first time it sees the queue, which
 * every test app would otherwise do again (0.4 s an app on PGlite).
 */
async function prepare(db: Database): Promise<void> {
  await db.migrate();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-tpl-data-'));
  try {
    const built = await buildApp({ config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), database: db });
    await built.deps.jobs.start();
    await built.app.close();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * One migrated template per test run; every test file gets a copy. Creating and migrating
 * a PGlite database takes seconds, copying one well under one.
 */
export interface TemplateInfo {
  kind: 'pglite' | 'postgres';
  /** PGlite: the template directory. PostgreSQL: the server URL and template name. */
  dir?: string;
  url?: string;
  templateName?: string;
  /** PostgreSQL: the run's tablespace on memory, where there is one (memory-tablespace.ts). */
  tablespace?: string;
}

export async function createTemplate(runId: string): Promise<TemplateInfo> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templateName = `wharf_tpl_${runId}`;
    await adminQuery(url, `DROP DATABASE IF EXISTS ${templateName}`);
    const tablespace = await createMemoryTablespace(url, runId);
    await adminQuery(url, `CREATE DATABASE ${templateName}${tablespace ? ` TABLESPACE ${tablespace}` : ''}`);
    const db = await openPostgres(withDatabase(url, templateName), 2);
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
    return { kind: 'postgres', url, templateName, ...(tablespace ? { tablespace } : {}) };
  }
  return createPgliteTemplate();
}

/**
 * A migrated embedded database to copy: the browser tests' servers start from it too. Made
 * once for what the tree holds and kept for the runs after (pglite-template-cache.ts).
 */
export async function createPgliteTemplate(): Promise<TemplateInfo & { dir: string }> {
  const dir = await cachedTemplateDir(async (at) => {
    const db = await openPglite(at);
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
  });
  return { kind: 'pglite', dir };
}

export async function dropTemplate(info: TemplateInfo): Promise<void> {
  if (info.kind === 'postgres') {
    await adminQuery(info.url!, `DROP DATABASE IF EXISTS ${info.templateName}`);
    if (info.tablespace) await dropMemoryTablespace(info.url!, info.tablespace);
  }
  // An embedded template stays in the cache for the next run.
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  await withClient(url, (client) => client.query(text));
}
