import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { authApi, buildPath } from '@wharf/contract';
import { serverArgs, type ServerEntry } from '../harness/server-bundle';
import { seedEmbeddedDataDir } from '../harness';

/*
 * The embedded database after a hard kill: the real server on PGlite is killed with
 * SIGKILL, and the next start either takes over the dead process's lock and opens the
 * store (saying so), or stops with a message that names the way back; then a backup made
 * before the kill is restored with the real `restore` command and the server starts on it.
 * PostgreSQL runs skip this (they run crash-safety.test.ts instead).
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const live = new Set<ReturnType<typeof spawn>>();
let root = '';

afterAll(async () => {
  for (const p of live) p.kill('SIGKILL');
  if (root) await fs.rm(root, { recursive: true, force: true });
});

function run(entry: ServerEntry, args: string[], dataDir: string) {
  const { TEST_DATABASE_URL: _omit, ...env } = process.env;
  const proc = spawn(process.execPath, [...serverArgs(entry), ...args], {
    cwd: SERVER_DIR,
    env: { ...env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WHARF_JOBS: 'off', DEMO_SEED: 'off', ARGON2_MEMORY_KIB: '256' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => {
      live.delete(proc);
      resolve({ code, signal });
    }),
  );
  /** The address once listening, or null when the process ended first. */
  const listening = new Promise<string | null>((resolve) => {
    const timer = setInterval(() => {
      const m = /Wharf console: (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      resolve(null);
    });
  });
  return { proc, exited, listening, output: () => out };
}

async function register(url: string, email: string) {
  return fetch(`${url}${buildPath(authApi.register)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', displayName: 'Crash' }),
  });
}

async function login(url: string, email: string) {
  return fetch(`${url}${buildPath(authApi.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database after the server is killed', () => {
  it('recovers the dead process lock (or says how to restore), and a backup from before the kill restores', async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-embedded-crash-'));
    const dataDir = path.join(root, 'data');
    const archive = path.join(root, 'before.tar.gz');

    // A start on a database an earlier start made, someone registered, a clean stop, then a
    // backup of that state.
    await seedEmbeddedDataDir(dataDir);
    const first = run('main', [], dataDir);
    const firstUrl = await first.listening;
    expect(firstUrl, first.output()).not.toBeNull();
    expect((await register(firstUrl!, 'kept@example.com')).status).toBe(200);
    first.proc.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const backup = run('cli', ['backup', '--out', archive], dataDir);
    expect((await backup.exited).code, backup.output()).toBe(0);

    // The server killed hard right after a write: its lock file stays behind.
    const killed = run('main', [], dataDir);
    const killedUrl = await killed.listening;
    expect(killedUrl, killed.output()).not.toBeNull();
    expect((await register(killedUrl!, 'late@example.com')).status).toBe(200);
    killed.proc.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    expect((await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).trim()).toBe(String(killed.proc.pid));

    const again = run('main', [], dataDir);
    const againUrl = await again.listening;
    if (againUrl) {
      // Reopened: the stale lock was taken over and reported, and committed work survived.
      expect(again.output()).toContain(`left locked by process ${killed.proc.pid}, which is no longer running: lock recovered`);
      expect((await login(againUrl, 'late@example.com')).status).toBe(200);
      again.proc.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    } else {
      // Not reopened: a plain message with the way back, never a stack trace alone.
      expect(await again.exited).toMatchObject({ code: 2 });
      expect(again.output()).toContain('npm run restore');
    }

    const restore = run('cli', ['restore', archive, '--force'], dataDir);
    expect((await restore.exited).code, restore.output()).toBe(0);
    const restored = run('main', [], dataDir);
    const restoredUrl = await restored.listening;
    expect(restoredUrl, restored.output()).not.toBeNull();
    expect((await login(restoredUrl!, 'kept@example.com')).status).toBe(200);
    // The backup predates the later sign-up: restore brings back exactly the backed-up state.
    expect((await login(restoredUrl!, 'late@example.com')).status).not.toBe(200);
    restored.proc.kill('SIGTERM');
    expect((await restored.exited).code).toBe(0);
  }, 300_000);
});
