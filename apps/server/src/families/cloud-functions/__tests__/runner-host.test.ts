import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { bubblewrapAvailable, RemoteRunnerHost } from '@wharf/runner';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

// A runner host as its own process (`npm run runner`), as on another machine: it registers
// with the server, the server runs every call there and none on its own machine, and a
// host that goes away leaves calls refused as unavailable, not hanging.

const ROOT = path.resolve(import.meta.dirname, '../../../../../..');
const TOKEN = 'runner-token-for-tests-0123456789abcdef';
let t: TestApp;
let u: TestUser;
let projectId: string;
let runner: ChildProcess | null = null;
let runnerOut = '';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-runner-host-'));

const registered = async () => (await t.deps.database.executeSql('select url from function_runner_hosts')).rows as { url: string }[];

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTIONS_RUNNERS: 'remote', FUNCTIONS_RUNNER_TOKEN: TOKEN } });
  const serverUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Remote runs' } })).json().project.projectId;
  if (!bubblewrapAvailable()) return;
  runner = spawn(process.execPath, ['--import', 'tsx', 'packages/runner/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, RUNNER_TOKEN: TOKEN, RUNNER_PORT: '0', RUNNER_BIND: '127.0.0.1', WHARF_SERVER_URL: serverUrl, FUNCTIONS_DIR: dir, FUNCTIONS_SPARE_RUNNERS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  runner.stdout!.on('data', (d: Buffer) => (runnerOut += d.toString()));
  runner.stderr!.on('data', (d: Buffer) => (runnerOut += d.toString()));
  for (let i = 0; i < 300 && (await registered()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
}, 60_000);
afterAll(async () => {
  runner?.kill('SIGTERM');
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!bubblewrapAvailable())('a runner host of its own', () => {
  it('registers, runs every call of the server, and when it goes the calls are refused clearly', async () => {
    const hosts = await registered();
    expect(hosts, runnerOut).toHaveLength(1);
    const url = hosts[0]!.url;
    expect(runnerOut).toContain(`Wharf runner host: ${url}`);

    const made = (await u.call(api.createFunction, { query: { projectId }, body: { name: 'far', code: `module.exports.myHandler = async (e) => ({ pid: process.pid, hello: e.name });` } })).json().function;
    const test = await u.call(api.testFunction, { query: { projectId, functionId: made.functionId }, body: { event: { name: 'remote' } } });
    expect(test.json().invocation).toMatchObject({ outcome: 'ok', result: { hello: 'remote' }, coldStart: true });
    const http = await t.deps.userContent.app.inject({ url: `/functions/${projectId}/far/$latest` });
    expect(http.statusCode).toBe(200);

    // It ran there: the host holds the function; this server started no pool of its own.
    const health = await new RemoteRunnerHost(url, TOKEN).health();
    expect(health).toMatchObject({ functions: 1, runners: 1 });
    expect(fs.existsSync(path.join(t.dataDir, 'functions'))).toBe(false);
    // The runner service refuses a caller without the token, and the server a host without it.
    expect((await fetch(`${url}/v1/health`)).status).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: '/runners/v1/register', headers: { authorization: 'Bearer wrong' }, payload: { url: 'http://10.0.0.9:9100' } });
    expect(forged.statusCode).toBe(401);

    runner!.kill('SIGKILL');
    await new Promise((r) => runner!.once('exit', r));
    const gone = await u.call(api.testFunction, { query: { projectId, functionId: made.functionId }, body: {} });
    expect(gone.statusCode).toBe(503);
    expect(gone.json().ret.msg).toBeTruthy();
  });
});
