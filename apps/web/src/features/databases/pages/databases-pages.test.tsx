import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { databasesApi, projectApi, type ProjectDatabase } from '@wharf/contract';
import { answerCalls, callsTo, type Handler } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// Database management with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const PROJECT = project().projectId;
const DB = 'd1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1';
const QUOTAS = { databases: 5, accountsPerDatabase: 20, sizeBytes: 1024 ** 3, connections: 20, rowLimit: 1000, statementSeconds: 15 };

function database(over: Partial<ProjectDatabase> = {}): ProjectDatabase {
  return { databaseId: DB, projectId: PROJECT, name: 'shop', pgName: 'wdb_0a1b2c3d4e', state: 'ready', deleteAt: null, overQuota: false, host: 'db.example.com', port: 5432, sizeBytes: 8 * 1024 ** 2, sizeQuotaBytes: 1024 ** 3, connections: 1, connectionLimit: 20, createdAt: '2026-12-01T08:00:00.000Z', ...over };
}
const detail = () => ({ ...database(), serverVersion: '15.8', extensions: [{ name: 'plpgsql', version: '1.0' }], schemas: ['public'], tables: [] });

const handlers = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  ...shellHandlers(),
  [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
  [databasesApi.databaseBaseInfo.id]: () => ({ ret: OK, available: true, reason: null, serverVersion: '15.8', quotas: QUOTAS }),
  [databasesApi.listDatabases.id]: () => ({ ret: OK, databases: [database()] }),
  [databasesApi.getDatabase.id]: () => ({ ret: OK, database: detail() }),
  [databasesApi.listAccounts.id]: () => ({ ret: OK, accounts: [] }),
  [databasesApi.listScripts.id]: () => ({ ret: OK, scripts: [] }),
  [databasesApi.listTasks.id]: () => ({ ret: OK, tasks: [] }),
  ...over,
});

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('Database management', () => {
  it('says plainly that the embedded database cannot offer it (Russian)', async () => {
    answerCalls(callEndpoint, handlers({ [databasesApi.databaseBaseInfo.id]: () => ({ ret: OK, available: false, reason: 'needsPostgres', serverVersion: null, quotas: QUOTAS }) }));
    renderApp('ru', `#/projects/${PROJECT}/databases`);
    expect(await screen.findByText('Для управления базами данных нужен PostgreSQL')).toBeTruthy();
    expect(callsTo(callEndpoint, databasesApi.listDatabases)).toHaveLength(0);
  });

  it('lists the databases with their size and sessions', async () => {
    answerCalls(callEndpoint, handlers());
    renderApp('en', `#/projects/${PROJECT}/databases`);
    expect(await screen.findByText('shop')).toBeTruthy();
    expect(screen.getByText('wdb_0a1b2c3d4e')).toBeTruthy();
    expect(screen.getByText('1 of 20')).toBeTruthy();
  });

  it('runs the console with Ctrl+Enter, shows each result and the failing statement, and keeps the text on the device', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [databasesApi.executeSql.id]: () => ({
          ret: OK,
          results: [{ statement: 'select id, body from notes', command: 'SELECT', rowCount: 2, columns: [{ name: 'id', type: 'int4' }, { name: 'body', type: 'text' }], rows: [['1', '<b>one</b>'], ['2', null]], truncated: false, durationMs: 1.2 }],
          error: { statementIndex: 1, message: 'relation "nowhere" does not exist', code: '42P01', position: 40 },
        }),
      }),
    );
    renderApp('en', `#/projects/${PROJECT}/databases/${DB}`);
    const editor = await screen.findByTestId('code-editor');
    fireEvent.change(editor, { target: { value: 'select id, body from notes; select * from nowhere' } });
    expect(JSON.parse(localStorage.getItem(`wharf.sqlConsole.${DB}`)!)).toBe('select id, body from notes; select * from nowhere');
    fireEvent.keyDown(editor, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(callsTo(callEndpoint, databasesApi.executeSql)[0]?.body).toEqual({ sql: 'select id, body from notes; select * from nowhere' }));
    const result = await screen.findByTestId('statement-result');
    expect(within(result).getByText('<b>one</b>')).toBeTruthy();
    expect(within(result).getByText('NULL')).toBeTruthy();
    expect(screen.getByText('Statement 2 failed; the ones after it did not run')).toBeTruthy();
    expect(screen.getByText('relation "nowhere" does not exist (42P01)')).toBeTruthy();
  });

  it('shows a new account’s password once, with the full connection string (Chinese)', async () => {
    const account = { accountId: 'a', databaseId: DB, username: 'wdb_0a1b2c3d4e_reports', privilege: 'readOnly', schema: 'public', connectionString: 'postgresql://wdb_0a1b2c3d4e_reports@db.example.com:5432/wdb_0a1b2c3d4e', createdAt: '2026-12-01T08:00:00.000Z' };
    answerCalls(callEndpoint, handlers({ [databasesApi.createAccount.id]: () => ({ ret: OK, account, password: 's3cr3t-pass' }) }));
    renderApp('cn', `#/projects/${PROJECT}/databases/${DB}?tab=accounts`);
    fireEvent.change(await screen.findByRole('textbox', { name: '账号' }), { target: { value: 'reports' } });
    fireEvent.click(screen.getByRole('button', { name: '创建账号' }));
    await waitFor(() => expect(callsTo(callEndpoint, databasesApi.createAccount)[0]?.body).toEqual({ name: 'reports', privilege: 'readOnly', schema: 'public' }));
    expect(await screen.findByText('请立即复制密码：它只显示一次。')).toBeTruthy();
    expect(screen.getByTestId('account-password').textContent).toContain('s3cr3t-pass');
    expect(screen.getByText('postgresql://wdb_0a1b2c3d4e_reports:s3cr3t-pass@db.example.com:5432/wdb_0a1b2c3d4e')).toBeTruthy();
  });

  it('saves what is written as a script, runs it as a task, and shows its progress with a cancel', async () => {
    const script = { scriptId: 'e1e1e1e1-e1e1-4e1e-8e1e-e1e1e1e1e1e1', databaseId: DB, name: 'Fill', sql: 'select 1; select 2', updatedBy: 'Dana', updatedAt: '2026-12-01T08:00:00.000Z' };
    const task = { taskId: 'f1f1f1f1-f1f1-4f1f-8f1f-f1f1f1f1f1f1', databaseId: DB, scriptId: script.scriptId, scriptName: 'Fill', state: 'running', total: 2, done: 1, results: [], error: null, startedBy: 'Dana', createdAt: '2026-12-01T08:00:00.000Z', startedAt: '2026-12-01T08:00:01.000Z', endedAt: null, expiresAt: '2026-12-08T08:00:00.000Z' };
    let saved = false;
    answerCalls(
      callEndpoint,
      handlers({
        [databasesApi.saveScript.id]: () => ((saved = true), { ret: OK, script }),
        [databasesApi.listScripts.id]: () => ({ ret: OK, scripts: saved ? [script] : [] }),
        [databasesApi.runScript.id]: () => ({ ret: OK, task: { ...task, state: 'queued', done: 0, total: null } }),
        [databasesApi.listTasks.id]: () => ({ ret: OK, tasks: saved ? [task] : [] }),
        [databasesApi.cancelTask.id]: () => ({ ret: OK, task: { ...task, state: 'cancelling' } }),
      }),
    );
    renderApp('en', `#/projects/${PROJECT}/databases/${DB}`);
    fireEvent.change(await screen.findByTestId('code-editor'), { target: { value: 'select 1; select 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as script' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Script name' }), { target: { value: 'Fill' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(callEndpoint, databasesApi.saveScript)[0]?.body).toEqual({ name: 'Fill', sql: 'select 1; select 2' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Run as task' }));
    await waitFor(() => expect(callsTo(callEndpoint, databasesApi.runScript)[0]?.body).toEqual({ scriptId: script.scriptId }));
    const run = await screen.findByTestId('script-task');
    expect(within(run).getByText('Running')).toBeTruthy();
    expect(within(run).getByText('1 / 2')).toBeTruthy();
    fireEvent.click(within(run).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(callsTo(callEndpoint, databasesApi.cancelTask)[0]?.query).toMatchObject({ taskId: task.taskId }));
  });
});
