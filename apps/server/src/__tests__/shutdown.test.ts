import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, okResponse } from '@wharf/contract';
import { registerEndpoint } from '../platform/http/register';
import { createTestApp, seedEmbeddedDataDir } from '../harness';
import { FAMILIES } from '../families';
import { openPglite } from '../platform/db/client';
import { serverArgs } from '../harness/server-bundle';

const slow = defineEndpoint({ id: 'probe.slow', method: 'GET', prefix: 'probe/v1', path: '/slow', access: 'anonymous', summary: 'slow', response: okResponse({ done: z.boolean() }) });

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new ones', async () => {
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((r) => (entered = r));
    const t = await createTestApp({
      families: [
        ...FAMILIES,
        {
          name: 'probe',
          register(app) {
            registerEndpoint(app, slow, async () => {
              entered();
              await new Promise<void>((r) => (release = r));
              return { done: true };
            });
          },
        },
      ],
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inflight = fetch(`${address}${slow.fullPath}`);
    await inHandler;
    const closing = t.app.close();
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
    release();
    const res = await inflight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ done: true });
    await closing;
    await t.close();
  });

  it('ends, on closing, a connection that never sent a request (a browser opens them ahead of need), and one between requests', async () => {
    const t = await createTestApp();
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const open = () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(address.port), address.hostname, () => resolve(socket));
        socket.on('error', reject);
      });
    const ended = (socket: net.Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const unused = await open();
    const used = await open();
    used.write(`GET /healthz HTTP/1.1\r\nHost: ${address.host}\r\n\r\n`);
    await new Promise((r) => used.once('data', r));
    const gone = Promise.all([ended(unused), ended(used)]);
    // Without the fix this waits for headersTimeout (60 s) and the test times out.
    await t.app.close();
    await gone;
    await t.close();
  });

  it('fails its readiness check once draining, while it stays alive and keeps serving', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ok' });
    t.drain();
    const ready = await t.app.inject({ url: '/readyz' });
    expect([ready.statusCode, ready.json().status]).toEqual([503, 'draining']);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/agc/edge/openapi.json' })).statusCode).toBe(200);
    await t.close();
  });

  // The server it starts is always on the embedded database: the embedded run has it, the
  // PostgreSQL run would only repeat it (about 50 s of a worker under CI's load).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('exits 0 on SIGTERM and leaves the embedded database able to reopen', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-main-'));
    await seedEmbeddedDataDir(dataDir);
    const child = spawn(process.execPath, serverArgs(), {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WHARF_JOBS: 'off', DATABASE_URL: '', DEMO_SEED: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /Wharf console: (http:\/\/[^/\s]+)\//.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(m[1]!);
        }
      }, 100);
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const db = await openPglite(path.join(dataDir, 'db'));
    const rows = await db.executeSql('select count(*)::int as n from drizzle.__drizzle_migrations', []);
    expect((rows.rows[0] as { n: number }).n).toBeGreaterThan(0);
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});
