import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databasesApi, type SqlTask } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { databasesApp, newDatabase, newProject, onPostgres } from './harness';

// Saved scripts run as background tasks (the job queue runs them here): their progress
// statement by statement, their results kept, a cancel that stops the statement running.

let t: TestApp;
let app: Awaited<ReturnType<typeof databasesApp>>;
beforeAll(async () => {
  app = await databasesApp({ WHARF_JOBS: 'on' });
  t = app.t;
});
afterAll(() => app.close());

async function setUp() {
  const u = await TestUser.register(t);
  const projectId = await newProject(u);
  const { databaseId } = await newDatabase(u, projectId);
  const q = { projectId, databaseId };
  const save = async (name: string, sql: string) => {
    const res = await u.call(databasesApi.saveScript, { query: q, body: { name, sql } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().script as { scriptId: string };
  };
  const start = async (scriptId: string) => (await u.call(databasesApi.runScript, { query: q, body: { scriptId } })).json().task as SqlTask;
  const task = async (taskId: string) => (await u.call(databasesApi.getTask, { query: { ...q, taskId } })).json().task as SqlTask;
  return { u, q, save, start, task };
}

describe.skipIf(!onPostgres)('saved scripts as tasks', () => {
  it('run statement by statement to the end, with their progress and results kept', async () => {
    const { u, q, save, start, task } = await setUp();
    const { scriptId } = await save('seed', "create table items (n int); insert into items select g from generate_series(1, 5000) g; select count(*) from items; select n from items order by n");
    expect((await u.call(databasesApi.saveScript, { query: q, body: { name: 'seed', sql: 'select 1' } })).statusCode).toBe(409);
    const queued = await start(scriptId);
    expect(queued).toMatchObject({ state: 'queued', scriptName: 'seed', done: 0 });
    await expect.poll(async () => (await task(queued.taskId)).state, { timeout: 20_000 }).toBe('done');
    const done = await task(queued.taskId);
    expect(done).toMatchObject({ total: 4, done: 4, error: null });
    expect(done.results[2]!.rows).toEqual([['5000']]);
    expect(done.results[3]!.rows).toHaveLength(100);
    expect(done.results[3]!.truncated).toBe(true);
    expect((await u.call(databasesApi.listTasks, { query: q })).json().tasks.map((x: SqlTask) => x.taskId)).toEqual([queued.taskId]);
    expect((await u.call(databasesApi.listScripts, { query: q })).json().scripts.map((x: { name: string }) => x.name)).toEqual(['seed']);

    // Kept for a week, then forgotten.
    t.clock.advance(7 * 86_400_000 + 1000);
    await t.deps.dueActions.runDue();
    await u.login();
    expect((await u.call(databasesApi.getTask, { query: { ...q, taskId: queued.taskId } })).statusCode).toBe(404);
  });

  it('leave no task and no audit event when the run could not be queued', async () => {
    const { u, q, save } = await setUp();
    const { scriptId } = await save('unqueued', 'select 1');
    const send = vi.spyOn(t.deps.jobs, 'sendIn').mockRejectedValueOnce(new Error('the queue is down'));
    try {
      expect((await u.call(databasesApi.runScript, { query: q, body: { scriptId } })).statusCode).toBe(500);
    } finally {
      send.mockRestore();
    }
    expect((await u.call(databasesApi.listTasks, { query: q })).json().tasks).toEqual([]);
    const runs = await t.deps.database.executeSql(`select 1 from audit_events where action = 'databases.scriptRun' and data->>'scriptId' = $1`, [scriptId]);
    expect(runs.rows).toEqual([]);
  });

  it('stop at a failing statement, saying which and why', async () => {
    const { save, start, task } = await setUp();
    const { scriptId } = await save('broken', 'select 1; select * from nowhere; select 3');
    const { taskId } = await start(scriptId);
    await expect.poll(async () => (await task(taskId)).state, { timeout: 20_000 }).toBe('failed');
    expect(await task(taskId)).toMatchObject({ total: 3, done: 1, error: { statementIndex: 1, code: '42P01' } });
  });

  it('cancel: the running statement is stopped on the server, the later ones never run', async () => {
    const { u, q, save, start, task } = await setUp();
    const { scriptId } = await save('slow', 'select pg_sleep(60); create table never (x int)');
    const { taskId } = await start(scriptId);
    await expect.poll(async () => (await task(taskId)).state, { timeout: 20_000 }).toBe('running');
    const started = Date.now();
    expect((await u.call(databasesApi.cancelTask, { query: { ...q, taskId } })).json().task.state).toBe('cancelling');
    await expect.poll(async () => (await task(taskId)).state, { timeout: 20_000 }).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(15_000);
    const tables = await u.call(databasesApi.executeSql, { query: q, body: { sql: "select count(*) from pg_tables where tablename = 'never'" } });
    expect(tables.json().results[0].rows).toEqual([['0']]);
  });
});
