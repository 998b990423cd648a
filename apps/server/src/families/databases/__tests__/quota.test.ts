import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { databasesOf } from '../index';
import { databasesApp, newDatabase, newProject, onPostgres } from './harness';

// The size quota: a database past it takes only read-only transactions until it is back
// under (a fresh PostgreSQL database is several MB, over a quota of 1 MB).

let t: TestApp;
let app: Awaited<ReturnType<typeof databasesApp>>;
beforeAll(async () => {
  app = await databasesApp({ PROJECT_DATABASE_SIZE_MB: '1' });
  t = app.t;
});
afterAll(() => app.close());

describe.skipIf(!onPostgres)('the size quota', () => {
  it('makes a database past it read-only, says so in the list, and a session may still delete', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const { databaseId } = await newDatabase(u, projectId);
    const q = { projectId, databaseId };
    const run = async (sql: string) => (await u.call(databasesApi.executeSql, { query: q, body: { sql } })).json();
    expect((await run('create table t (x int); insert into t values (1)')).error).toBeNull();
    await databasesOf(t.deps).enforceQuota();
    expect((await u.call(databasesApi.listDatabases, { query: { projectId } })).json().databases[0]).toMatchObject({ overQuota: true });
    expect((await run('insert into t values (2)')).error?.message).toMatch(/read-only transaction/);
    expect((await run('select count(*) from t')).results[0].rows).toEqual([['1']]);
    expect((await run('set default_transaction_read_only = off; delete from t')).error).toBeNull();
    const audit = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action = 'databases.overQuota'`, [databaseId]);
    expect(audit.rows).toHaveLength(1);
    // Checked again, it is still over: nothing changes twice.
    await databasesOf(t.deps).enforceQuota();
    expect((await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action = 'databases.overQuota'`, [databaseId])).rows).toHaveLength(1);
  });
});
