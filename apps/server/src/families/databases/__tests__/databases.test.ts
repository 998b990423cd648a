import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasesApi, projectApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { withDatabase } from '../../../harness/template';
import { databasesApp, newDatabase, newProject, onPostgres } from './harness';

// A project's own databases on the deployment's PostgreSQL: made, used through the SQL
// console as their own role, reached by the team's accounts, and nothing else. On the
// embedded database the family says it needs PostgreSQL.

let t: TestApp;
let app: Awaited<ReturnType<typeof databasesApp>>;
let url: string;
beforeAll(async () => {
  app = await databasesApp();
  t = app.t;
  url = app.url ?? '';
});
afterAll(() => app.close());

const run = async (u: TestUser, projectId: string, databaseId: string, sql: string) => {
  // The history is newest first: each run a moment after the last.
  t.clock.advance(1000);
  const res = await u.call(databasesApi.executeSql, { query: { projectId, databaseId }, body: { sql } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { results: Array<{ command: string; rowCount: number | null; rows: string[][]; truncated: boolean; columns: Array<{ name: string; type: string }> }>; error: { statementIndex: number; message: string; code: string | null } | null };
};
/** A session of the team's own backend, as `user`, straight to the server. */
async function connectAs(database: string, user: string): Promise<pg.Client> {
  const u = new URL(withDatabase(url, database));
  u.username = user;
  u.password = 'unused on a trust-authenticated test server';
  const client = new pg.Client({ connectionString: u.toString() });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}
const refusal = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('it got through');
};

describe('on the embedded database', () => {
  it.skipIf(onPostgres)('says that database management needs PostgreSQL, and why, in the caller’s language', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const info = (await u.call(databasesApi.databaseBaseInfo, { query: { projectId } })).json();
    expect(info).toMatchObject({ available: false, reason: 'needsPostgres' });
    const list = await u.call(databasesApi.listDatabases, { query: { projectId }, headers: { 'accept-language': 'ru-RU' } });
    expect(list.statusCode).toBe(409);
    expect(list.json().ret).toMatchObject({ code: 100420 });
    expect(list.json().ret.msg).toMatch(/PostgreSQL/);
  });
});

describe.skipIf(!onPostgres)('project databases on PostgreSQL', () => {
  it('runs the console as the database’s own role: tables, rows, a cut-off result, errors with their statement, a history', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const { databaseId, pgName } = await newDatabase(u, projectId);
    const answer = await run(u, projectId, databaseId, "create table notes (id serial primary key, body text); insert into notes (body) values ('one'), ('=1+1'), ('three'); select id, body from notes order by id; select current_user, current_database()");
    expect(answer.error).toBeNull();
    expect(answer.results.map((r) => r.command)).toEqual(['CREATE', 'INSERT', 'SELECT', 'SELECT']);
    expect(answer.results[1]!.rowCount).toBe(3);
    expect(answer.results[2]!.rows).toEqual([['1', 'one'], ['2', '=1+1'], ['3', 'three']]);
    expect(answer.results[2]!.columns).toEqual([{ name: 'id', type: 'int4' }, { name: 'body', type: 'text' }]);
    expect(answer.results[3]!.rows).toEqual([[`${pgName}_owner`, pgName]]);
    const big = await run(u, projectId, databaseId, 'select g from generate_series(1, 5000) g');
    expect(big.results[0]).toMatchObject({ truncated: true, rowCount: null });
    expect(big.results[0]!.rows).toHaveLength(1000);
    const failed = await run(u, projectId, databaseId, "select 1; select * from nowhere; select 'never'");
    expect(failed.results).toHaveLength(1);
    expect(failed.error).toMatchObject({ statementIndex: 1, code: '42P01' });
    const syntax = await run(u, projectId, databaseId, 'selec 1');
    expect(syntax.error).toMatchObject({ code: '42601' });
    // A session that ends under the statement (here it ends itself) is that run's error; the server goes on.
    const ended = await run(u, projectId, databaseId, 'select pg_terminate_backend(pg_backend_pid())');
    expect(ended.error).not.toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect((await run(u, projectId, databaseId, 'select 1')).results[0]!.rows).toEqual([['1']]);
    const history = (await u.call(databasesApi.sqlHistory, { query: { projectId, databaseId } })).json().entries;
    expect(history.map((h: { ok: boolean }) => h.ok)).toEqual([true, false, false, false, true, true]);
    const detail = (await u.call(databasesApi.getDatabase, { query: { projectId, databaseId } })).json().database;
    expect(detail.tables).toEqual([expect.objectContaining({ schema: 'public', name: 'notes' })]);
    expect(detail.serverVersion).toMatch(/^\d+/);
    // The export writes every row, formula-looking cells quoted as every export does.
    const csv = await u.call(databasesApi.exportQuery, { query: { projectId, databaseId }, body: { sql: 'select id, body from notes order by id' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe('\uFEFFid,body\r\n1,one\r\n2,"=1+1"\r\n3,three\r\n');
  });

  // It waits out the role's 15 s statement limit: the suite's 30 s left too little room beside other suites on two cores.
  it('keeps every escape shut: other databases, the platform, the server’s files and programs, its own limits', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const mine = await newDatabase(u, projectId, 'mine');
    const other = await TestUser.register(t);
    const otherProject = await newProject(other);
    const foreign = await newDatabase(other, otherProject, 'theirs');
    const q = (sql: string) => run(u, projectId, mine.databaseId, sql);

    expect((await q('RESET ROLE; SELECT * FROM users')).error?.code).toBe('42P01');
    expect((await q('SET ROLE postgres')).error?.message).toMatch(/permission denied/);
    expect((await q('SET SESSION AUTHORIZATION postgres')).error?.message).toMatch(/permission denied/);
    expect((await q("SELECT pg_read_file('/etc/passwd')")).error?.message).toMatch(/permission denied/);
    expect((await q("SELECT lo_import('/etc/passwd')")).error?.message).toMatch(/permission denied|must be superuser/);
    expect((await q("CREATE TABLE t (x text); COPY t FROM PROGRAM 'id'")).error?.message).toMatch(/permission denied|must be superuser/);
    expect((await q('CREATE EXTENSION dblink')).error?.message).toMatch(/permission denied|not available|must be superuser/);
    expect((await q("CREATE FUNCTION f() RETURNS int LANGUAGE plpython3u AS 'return 1'")).error?.message).toMatch(/language .* does not exist|permission denied/);
    const started = Date.now();
    const sleep = await q('SET statement_timeout = 0; SELECT pg_sleep(600)');
    expect(sleep.error?.code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(20_000);
    const join = await q('SELECT * FROM generate_series(1, 1000000) a, generate_series(1, 1000) b');
    expect(join.results[0]).toMatchObject({ truncated: true });
    const copyIn = await u.call(databasesApi.executeSql, { query: { projectId, databaseId: mine.databaseId }, body: { sql: 'COPY t FROM STDIN' } });
    expect(copyIn.statusCode).toBe(400);

    // The database's own role reaches neither another project's database nor the platform's.
    const owner = `${mine.pgName}_owner`;
    expect(await refusal(() => connectAs(foreign.pgName, owner))).toMatch(/permission denied for database/);
    expect(await refusal(() => connectAs(new URL(url).pathname.slice(1), owner))).toMatch(/permission denied for database/);
    // Nor does the console answer another project's database.
    const cross = await u.call(databasesApi.executeSql, { query: { projectId, databaseId: foreign.databaseId }, body: { sql: 'select 1' } });
    expect(cross.statusCode).toBe(404);
  }, 60_000);

  it('gives the team accounts for their backends: read-only refused a write, read-write allowed, revoked gone', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const { databaseId, pgName } = await newDatabase(u, projectId);
    await run(u, projectId, databaseId, "create table items (name text); insert into items values ('a')");
    const ro = await u.call(databasesApi.createAccount, { query: { projectId, databaseId }, body: { name: 'reports', privilege: 'readOnly' } });
    expect(ro.statusCode, ro.body).toBe(200);
    expect(ro.json().password).toMatch(/^[\w-]{40,}$/);
    expect(ro.json().account).toMatchObject({ username: `${pgName}_reports`, privilege: 'readOnly', schema: 'public' });
    expect(ro.json().account.connectionString).toMatch(new RegExp(`^postgresql://${pgName}_reports@[^/]+/${pgName}$`));
    t.clock.advance(1000);
    const rw = (await u.call(databasesApi.createAccount, { query: { projectId, databaseId }, body: { name: 'backend', privilege: 'readWrite' } })).json();
    // A table made after the accounts is theirs too (default privileges).
    await run(u, projectId, databaseId, "create table later (n int); insert into later values (1)");

    const reader = await connectAs(pgName, `${pgName}_reports`);
    expect((await reader.query('select name from items')).rows).toEqual([{ name: 'a' }]);
    expect((await reader.query('select n from later')).rows).toEqual([{ n: 1 }]);
    expect(await refusal(() => reader.query("insert into items values ('b')"))).toMatch(/permission denied/);
    expect(await refusal(() => reader.query('create table mine (x int)'))).toMatch(/permission denied/);
    await reader.end();
    const writer = await connectAs(pgName, rw.account.username);
    await writer.query("insert into items values ('b')");
    expect(await refusal(() => writer.query('drop table items'))).toMatch(/must be owner/);
    await writer.end();

    const accounts = (await u.call(databasesApi.listAccounts, { query: { projectId, databaseId } })).json().accounts;
    expect(accounts.map((a: { privilege: string }) => a.privilege)).toEqual(['readOnly', 'readWrite']);
    expect(JSON.stringify(accounts)).not.toContain(ro.json().password);
    expect((await u.call(databasesApi.deleteAccount, { query: { projectId, databaseId, accountId: ro.json().account.accountId } })).statusCode).toBe(200);
    expect(await refusal(() => connectAs(pgName, `${pgName}_reports`))).toMatch(/does not exist|not permitted/);
  });

  it('deletes after a grace period: sessions stop at once, restorable until the day, then gone from the server', async () => {
    const u = await TestUser.register(t);
    const projectId = await newProject(u);
    const { databaseId, pgName } = await newDatabase(u, projectId);
    const deleted = await u.call(databasesApi.deleteDatabase, { query: { projectId, databaseId } });
    expect(deleted.json().database).toMatchObject({ state: 'deleting', deleteAt: expect.any(String) });
    expect((await u.call(databasesApi.executeSql, { query: { projectId, databaseId }, body: { sql: 'select 1' } })).statusCode).toBe(409);
    expect(await refusal(() => connectAs(pgName, `${pgName}_owner`))).toMatch(/not currently accepting connections/);
    expect((await u.call(projectApi.deleteProject, { params: { projectId } })).statusCode).toBe(409);
    expect((await u.call(databasesApi.restoreDatabase, { query: { projectId, databaseId } })).json().database.state).toBe('ready');
    expect((await run(u, projectId, databaseId, 'select 1')).error).toBeNull();
    await u.call(databasesApi.deleteDatabase, { query: { projectId, databaseId } });
    t.clock.advance(7 * 86_400_000 + 1000);
    await t.deps.dueActions.runDue();
    const left = await t.deps.database.executeSql('select 1 from project_databases where id = $1', [databaseId]);
    expect(left.rows).toHaveLength(0);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    expect((await admin.query('select 1 from pg_database where datname = $1', [pgName])).rowCount).toBe(0);
    expect((await admin.query('select 1 from pg_roles where rolname like $1', [`${pgName}\\_%`])).rowCount).toBe(0);
    await admin.end();
  });
});
