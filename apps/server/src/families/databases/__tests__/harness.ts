import pg from 'pg';
import { inject } from 'vitest';
import { projectApi, databasesApi } from '@wharf/contract';
import { createTestApp, type TestApp, type TestUser } from '../../../harness';
import { openTestDatabase, type TestDatabase } from '../../../harness/test-app';

/** Whether this run's server suite is on PostgreSQL, where project databases exist. */
export const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';

/**
 * A test app whose deployment runs on the test database's server (as it would in
 * production), so that project databases are made there; `close` drops what was made.
 */
export async function databasesApp(env: Record<string, string> = {}): Promise<{ t: TestApp; url: string | null; close(): Promise<void> }> {
  const store: TestDatabase = await openTestDatabase();
  const t = await createTestApp({ database: store.database, env: store.url ? { DATABASE_URL: store.url, PROJECT_DATABASE_STATEMENT_SECONDS: '2', ...env } : env });
  return {
    t,
    url: store.url,
    async close() {
      if (store.url) {
        const left = (await t.deps.database.executeSql('select pg_name from project_databases', [])).rows as Array<{ pg_name: string }>;
        const admin = new pg.Client({ connectionString: store.url });
        await admin.connect();
        for (const d of left) {
          await admin.query(`DROP DATABASE IF EXISTS "${d.pg_name}" WITH (FORCE)`);
          for (const r of (await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname like $1', [`${d.pg_name}\\_%`])).rows) await admin.query(`DROP ROLE IF EXISTS "${r.rolname}"`);
        }
        await admin.end();
      }
      await t.close();
      await store.destroy();
    },
  };
}

export async function newProject(u: TestUser): Promise<string> {
  return (await u.call(projectApi.createProject, { body: { name: `Db ${Math.random().toString(36).slice(2, 8)}` } })).json().project.projectId;
}

export async function newDatabase(u: TestUser, projectId: string, name = 'shop'): Promise<{ databaseId: string; pgName: string }> {
  const res = await u.call(databasesApi.createDatabase, { query: { projectId }, body: { name } });
  if (res.statusCode !== 200) throw new Error(`create database: ${res.body}`);
  return res.json().database;
}
