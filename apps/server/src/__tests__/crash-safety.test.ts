import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPath, fileApi, packageApi, versionApi, type Endpoint } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { loadConfig, ConfigError } from '../config';
import { accountsFamily } from '../families/accounts';
import { completeVersion, newApp, openTaskOf } from '../families/versions/__tests__/helpers';
import { buildApk } from '../families/packages/parsers/__fixtures__/packages';
import { ManualClock } from '../platform/clock';
import { openPostgres } from '../platform/db/client';
import type { Database } from '../platform/db/types';
import type { FaultPointName } from '../platform/fault-points';
import { createTestApp, TestUser, type TestApp } from '../testing';
import { adminQuery, withDatabase, type TemplateInfo } from '../testing/template';

/*
 * Crash safety on PostgreSQL: the real server runs as a child process, kills itself with
 * SIGKILL at a named fault point, is started again without it, and the database and the
 * stored files must still agree. Set-up (people, apps, versions) goes through an app in
 * this process on the same database, as a second instance without workers would.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const PG = process.env.TEST_DATABASE_URL;
// Short enough that a job whose worker was killed is retried within the test.
const JOB_EXPIRE_SECONDS = '3';

interface Child {
  url: string;
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

let dbUrl = '';
let dbName = '';
let database: Database;
let dataDir: string;
let t: TestApp;
let u: TestUser;
let op: TestUser;
const running = new Set<ChildProcess>();

/** Starts the server; `listening` settles once it prints its address (or fails if it dies first). */
function spawnChild(extra: Record<string, string> = {}): Omit<Child, 'url'> & { listening: Promise<string> } {
  const { TEST_DATABASE_URL: _omit, ...env } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      DATABASE_POOL_SIZE: '4',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WHARF_JOBS: 'on',
      WHARF_TEST_CLOCK: '1',
      DEMO_SEED: 'off',
      ARGON2_MEMORY_KIB: '256',
      RATE_LIMIT_PER_MINUTE: '0',
      SESSION_CACHE_TTL_MS: '0',
      DUE_ACTIONS_TICK_MS: '250',
      JOB_EXPIRE_SECONDS,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => {
      running.delete(proc);
      resolve({ code, signal });
    }),
  );
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Wharf console: (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then(({ code, signal }) => {
      clearInterval(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
  listening.catch(() => undefined);
  return { proc, exited, output: () => out, listening };
}

async function startChild(extra: Record<string, string> = {}): Promise<Child> {
  const child = spawnChild(extra);
  return { ...child, url: await child.listening };
}

/** A call to a child server as the console would make it, with the person's session. */
async function call(base: string, who: TestUser, endpoint: Endpoint, o: { query?: Record<string, string | number>; body?: unknown } = {}) {
  const url = new URL(`${base}${buildPath(endpoint)}`);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    cookie: [...who.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [t.config.csrfHeaderName]: who.csrf,
  };
  if (who.teamId) headers.teamId = who.teamId;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(url, { method: endpoint.method, headers, ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}) });
}

/**
 * Drives a child to its fault point: the call never answers and the process dies of
 * SIGKILL. Without a trigger, background work (a queued job) reaches the point by itself,
 * possibly before the server even listens.
 */
async function crashAt(point: FaultPointName, trigger: ((base: string) => Promise<unknown>) | null): Promise<void> {
  const child = spawnChild({ WHARF_FAULT_POINT: point });
  if (trigger) {
    const res = await trigger(await child.listening).catch(() => null);
    if (res instanceof Response) throw new Error(`the call answered ${res.status} instead of reaching ${point}: ${await res.text()}`);
  }
  expect(await child.exited, child.output()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(child.output()).toContain(`fault point ${point} reached`);
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

/**
 * What must hold after any crash and restart: every finished file's bytes are stored
 * (at its size), every stored object belongs to a file row or a live multipart upload,
 * and no file is stuck half-written.
 */
async function storageProblems(): Promise<string[]> {
  const problems: string[] = [];
  const objects = path.join(dataDir, 'files', 'objects');
  const rows = await sql<{ id: string; storage_key: string; state: string; size: string | number }>('select id, storage_key, state, size from files');
  for (const r of rows) {
    if (r.state === 'uploading') problems.push(`file ${r.id} is stuck uploading`);
    if (r.state !== 'ready') continue;
    const stat = await fs.stat(path.join(objects, r.storage_key)).catch(() => null);
    if (!stat) problems.push(`file ${r.id} has no stored bytes`);
    else if (stat.size !== Number(r.size)) problems.push(`file ${r.id} is ${stat.size} bytes, its row says ${r.size}`);
  }
  const ids = new Set(rows.map((r) => r.id));
  const sessions = new Set((await sql<{ id: string }>('select id from upload_sessions')).map((s) => s.id));
  const entries = await fs.readdir(objects, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const e of entries.filter((x) => x.isFile())) {
    const key = path.relative(objects, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    const [kind, a, b] = key.split('/');
    if (kind === 'files' && !ids.has(b!)) problems.push(`object ${key} has no file row`);
    if (kind === 'multipart' && !sessions.has(a!)) problems.push(`object ${key} belongs to no upload`);
  }
  return problems;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 120): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function events(versionId: string, action: string) {
  return sql<{ from_state: number; to_state: number }>('select from_state, to_state from version_events where version_id = $1 and action = $2', [versionId, action]);
}
async function audits(targetId: string, action: string) {
  return sql('select id from audit_events where target_id = $1 and action = $2', [targetId, action]);
}
const stateOf = async (versionId: string) => (await sql<{ release_state: number }>('select release_state from app_versions where id = $1', [versionId]))[0]!.release_state;

// Each case starts the real server twice (about ten seconds each on a loaded two-core machine).
describe.skipIf(!PG)('crash safety on PostgreSQL (the server killed at fault points and restarted)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
    dbName = `wharf_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(info.url!, `CREATE DATABASE ${dbName} TEMPLATE ${info.templateName}`);
    dbUrl = withDatabase(info.url!, dbName);
    database = await openPostgres(dbUrl, 4);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-crash-'));
    // The clock of this process must agree with the children's real one (sessions expire).
    t = await createTestApp({
      database,
      clock: new ManualClock(Date.now()),
      env: { DATA_DIR: dataDir, JOB_EXPIRE_SECONDS, WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password' },
    });
    await accountsFamily.onStart!(t.deps, () => undefined);
    op = new TestUser(t, 'ops@example.com', 'operator password');
    expect((await op.login()).statusCode).toBe(200);
    u = await TestUser.register(t);
  });

  afterAll(async () => {
    for (const proc of running) proc.kill('SIGKILL');
    await t?.close();
    await database?.close();
    if (dbName) await adminQuery(PG!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function multipart(bytes: Buffer): Promise<string> {
    const init = await u.call(fileApi.multipartInit, { body: { fileName: 'big.bin', size: bytes.length } });
    expect(init.statusCode, init.body).toBe(200);
    const uploadId = init.json().uploadId as string;
    const part = await u.call(fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: bytes });
    expect(part.statusCode, part.body).toBe(200);
    return uploadId;
  }

  it('a compose killed after writing the file: the retry finishes it under the same id, nothing left over', async () => {
    const bytes = randomBytes(3000);
    const uploadId = await multipart(bytes);
    await crashAt('files.compose.afterWrite', (base) => call(base, u, fileApi.multipartCompose, { body: { uploadId } }));
    // The crash left exactly what the start-up check and a retry must deal with.
    expect(await sql('select state from files where id = $1', [uploadId])).toEqual([{ state: 'uploading' }]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, fileApi.multipartCompose, { body: { uploadId } });
      expect(res.status).toBe(200);
      const object = ((await res.json()) as { object: { objectId: string; size: number; sha256: string } }).object;
      expect(object.objectId).toBe(uploadId);
      expect(object.size).toBe(bytes.length);
      const stored = await fs.readFile(path.join(dataDir, 'files', 'objects', 'files', u.teamId, uploadId));
      expect(stored.equals(bytes)).toBe(true);
      expect(await sql('select id from upload_sessions where id = $1', [uploadId])).toEqual([]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a compose killed after committing, before answering: the retry answers the same file, no second copy', async () => {
    const bytes = randomBytes(2000);
    const uploadId = await multipart(bytes);
    await crashAt('files.compose.afterCommit', (base) => call(base, u, fileApi.multipartCompose, { body: { uploadId } }));
    expect(await sql('select state from files where id = $1', [uploadId])).toEqual([{ state: 'ready' }]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, fileApi.multipartCompose, { body: { uploadId } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { object: { objectId: string } }).object.objectId).toBe(uploadId);
      expect(await sql(`select id from files where file_name = 'big.bin' and size = $1`, [bytes.length])).toHaveLength(1);
      expect(await sql('select * from upload_parts where upload_id = $1', [uploadId])).toEqual([]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('the start-up check removes stored files whose row is gone (a delete cut off between row and bytes)', async () => {
    const up = await u.call(fileApi.uploadObject, { query: { fileName: 'gone.bin' }, raw: randomBytes(500) });
    const objectId = up.json().object.objectId as string;
    // What FilesService.remove leaves when killed between its commit and the unlink.
    await sql('delete from files where id = $1', [objectId]);
    expect(await storageProblems()).toEqual([`object files/${u.teamId}/${objectId} has no file row`]);
    const child = await startChild();
    try {
      expect(child.output()).toMatch(/Storage check: removed 1 stored object/);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  async function addPackage(withIcon: boolean): Promise<{ appId: string; pkgId: string }> {
    const app = await newApp(u);
    const apk = buildApk({ manifest: { packageName: app.packageName, versionCode: 7, versionName: '1.0.7' }, resources: withIcon });
    const objectId = (await u.call(fileApi.uploadObject, { query: { fileName: 'app.apk' }, raw: apk })).json().object.objectId as string;
    const added = await u.call(packageApi.addPackage, { body: { appId: app.appId, objectId } });
    expect(added.statusCode, added.body).toBe(200);
    return { appId: app.appId, pkgId: added.json().package.pkgId as string };
  }

  const settled = (pkgId: string) =>
    until('the parse to settle', async () => {
      const [row] = await sql<{ parse_state: number; icon_file_id: string | null }>('select parse_state, icon_file_id from packages where id = $1', [pkgId]);
      return row && row.parse_state !== 1 ? row : undefined;
    });

  it('a parse killed as it starts is retried after restart and settles once', async () => {
    const { pkgId } = await addPackage(false);
    // The job is picked up by the child's worker; no HTTP call triggers it.
    await crashAt('packages.parse.started', null);
    expect(await sql('select parse_state from packages where id = $1', [pkgId])).toEqual([{ parse_state: 1 }]);

    const child = await startChild();
    try {
      const row = await settled(pkgId);
      expect([0, 2]).toContain(row.parse_state);
      const outcome = await sql(`select action from audit_events where target_id = $1 and action in ('package.parsed', 'package.rejected')`, [pkgId]);
      expect(outcome).toHaveLength(1);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a parse killed after storing the icon reuses that icon on retry: one icon file, referenced', async () => {
    const { pkgId } = await addPackage(true);
    await crashAt('packages.parse.afterIcon', null);
    expect(await sql('select state from files where id = $1', [pkgId])).toEqual([{ state: 'ready' }]);

    const child = await startChild();
    try {
      const row = await settled(pkgId);
      expect(row.icon_file_id).toBe(pkgId);
      const icons = await sql(`select id from files where team_id = $1 and biz_tag = 'img' and file_name like 'ic_launcher%'`, [u.teamId]);
      expect(icons).toEqual([{ id: pkgId }]);
      expect(await storageProblems()).toEqual([]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a submit killed inside its transaction leaves the version as it was; submitting again works once', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    const before = await stateOf(versionId);
    await crashAt('versions.transition.beforeCommit', (base) => call(base, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } }));
    expect(await stateOf(versionId)).toBe(before);
    expect(await events(versionId, 'submit')).toEqual([]);
    expect(await audits(versionId, 'version.submit')).toEqual([]);
    expect(await sql('select id from review_tasks where version_id = $1', [versionId])).toEqual([]);

    const child = await startChild();
    try {
      const res = await call(child.url, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } });
      expect(res.status).toBe(200);
      expect(await stateOf(versionId)).toBe(RELEASE_STATE.underReview);
      expect(await events(versionId, 'submit')).toEqual([{ from_state: before, to_state: RELEASE_STATE.underReview }]);
      expect(await audits(versionId, 'version.submit')).toHaveLength(1);
      expect(await sql(`select id from review_tasks where version_id = $1 and state = 'open'`, [versionId])).toHaveLength(1);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a submit killed after commit, before answering: the version is submitted exactly once, a retry is refused readably', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    await crashAt('versions.submit.afterCommit', (base) => call(base, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } }));
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.underReview);

    const child = await startChild();
    try {
      const res = await call(child.url, u, versionApi.submitVersion, { body: { appId: app.appId, versionId } });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { ret: { msg: string } }).ret.msg).not.toBe('');
      expect(await events(versionId, 'submit')).toHaveLength(1);
      expect(await audits(versionId, 'version.submit')).toHaveLength(1);
      expect(await sql('select id from review_tasks where version_id = $1', [versionId])).toHaveLength(1);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });

  it('a scheduled release killed while firing fires exactly once after restart', async () => {
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } })).statusCode).toBe(200);
    const releaseAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const decided = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, versionId), decision: 'approve', releaseAt } });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.waiting);

    const advance = (base: string) => fetch(`${base}/__test/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 2 * 3_600_000 }) });
    await crashAt('versions.release.beforeCommit', advance);
    expect(await stateOf(versionId)).toBe(RELEASE_STATE.waiting);
    expect(await sql(`select state from due_actions where kind = 'versions.release' and payload->>'versionId' = $1`, [versionId])).toEqual([{ state: 'pending' }]);

    const child = await startChild();
    try {
      // The restarted server's clock starts from real time again: move it past the release once more.
      expect((await advance(child.url)).status).toBe(200);
      expect(await stateOf(versionId)).toBe(RELEASE_STATE.onShelf);
      expect(await advance(child.url).then((r) => r.status)).toBe(200);
      expect(await events(versionId, 'release')).toEqual([{ from_state: RELEASE_STATE.waiting, to_state: RELEASE_STATE.onShelf }]);
      expect(await audits(versionId, 'version.release')).toHaveLength(1);
      expect(await sql(`select state from due_actions where kind = 'versions.release' and payload->>'versionId' = $1`, [versionId])).toEqual([{ state: 'done' }]);
    } finally {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
  });
});

describe('fault points are for tests only', () => {
  it('refuses a fault point in production and an unknown fault point anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', WHARF_FAULT_POINT: 'files.compose.afterWrite' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', WHARF_FAULT_POINT: 'files.nowhere' })).toThrow(/WHARF_FAULT_POINT/);
    expect(loadConfig({ NODE_ENV: 'test', WHARF_FAULT_POINT: 'files.compose.afterWrite' }).faultPoint).toBe('files.compose.afterWrite');
    expect(loadConfig({ NODE_ENV: 'test' }).faultPoint).toBeNull();
  });
});
