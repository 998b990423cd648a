import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildPath, type Endpoint } from '@wharf/contract';
import { accountsFamily } from '../../families/accounts';
import { ManualClock } from '../../platform/clock';
import { openPostgres } from '../../platform/db/client';
import type { Database } from '../../platform/db/types';
import type { FaultPointName } from '../../platform/fault-points';
import { createTestApp, TestUser, type TestApp } from '../../harness';
import { adminQuery, withDatabase, type TemplateInfo } from '../../harness/template';
import { serverArgs } from '../../harness/server-bundle';

/*
 * Crash safety on PostgreSQL: the real server runs as a child process, kills itself with
 * SIGKILL at a named fault point, is started again without it, and the database and the
 * stored files must still agree. Set-up (people, apps, versions) goes through an app in
 * this process on the same database, as a second instance without workers would.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../../..');
export const PG = process.env.TEST_DATABASE_URL;
export const CRASH_SUITE = 'crash safety on PostgreSQL (the server killed at fault points and restarted)';
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
/** Set before each file's tests run (crashSuite's beforeAll). */
export let dataDir: string;
export let t: TestApp;
export let u: TestUser;
export let op: TestUser;
const running = new Set<ChildProcess>();

/** Starts the server; `listening` settles once it prints its address (or fails if it dies first). */
export function spawnChild(extra: Record<string, string> = {}): Omit<Child, 'url'> & { listening: Promise<string> } {
  const { TEST_DATABASE_URL: _omit, ...env } = process.env;
  const proc = spawn(process.execPath, serverArgs(), {
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

export async function startChild(extra: Record<string, string> = {}): Promise<Child> {
  const child = spawnChild(extra);
  return { ...child, url: await child.listening };
}

/** A call to a child server as the console would make it, with the person's session. */
export async function call(base: string, who: TestUser, endpoint: Endpoint, o: { query?: Record<string, string | number>; body?: unknown } = {}) {
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
export async function crashAt(point: FaultPointName, trigger: ((base: string) => Promise<unknown>) | null): Promise<void> {
  const child = spawnChild({ WHARF_FAULT_POINT: point });
  if (trigger) {
    const res = await trigger(await child.listening).catch(() => null);
    if (res instanceof Response) throw new Error(`the call answered ${res.status} instead of reaching ${point}: ${await res.text()}`);
  }
  expect(await child.exited, child.output()).toEqual({ code: null, signal: 'SIGKILL' });
  expect(child.output()).toContain(`fault point ${point} reached`);
}

export async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await database.executeSql(text, values)).rows as T[];
}

/**
 * What must hold after any crash and restart: every finished file's bytes are stored
 * (at its size), every stored object belongs to a file row or a live multipart upload,
 * and no file is stuck half-written.
 */
export async function storageProblems(): Promise<string[]> {
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

export async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 120): Promise<T> {
  for (let i = 0; i < tries; i += 1) {
    const v = await probe();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

export async function events(versionId: string, action: string) {
  return sql<{ from_state: number; to_state: number }>('select from_state, to_state from version_events where version_id = $1 and action = $2', [versionId, action]);
}
export async function audits(targetId: string, action: string) {
  return sql('select id from audit_events where target_id = $1 and action = $2', [targetId, action]);
}
export const stateOf = async (versionId: string) => (await sql<{ release_state: number }>('select release_state from app_versions where id = $1', [versionId]))[0]!.release_state;

/** The database, data directory and people of one file's crash tests; call inside its describe. */
export function crashSuite(): void {
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
}
