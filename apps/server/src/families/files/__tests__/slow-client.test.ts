import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, fileApi } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../../harness';

// A real socket: a client that starts an upload and then goes quiet, or sends a byte now
// and then, is refused once nothing arrived for the idle time, and nothing of it is kept.
let t: TestApp;
let u: TestUser;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_IDLE_TIMEOUT_MS: '400' } });
  u = await TestUser.register(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Starts an upload, sends `chunks` with `gapMs` between them, never ends it; resolves with the answer. */
function crawl(chunks: Buffer[], gapMs: number): Promise<{ status: number; body: string; written: number }> {
  const url = new URL(`${base}${buildPath(fileApi.uploadObject)}?fileName=slow.bin`);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': '1000000',
        teamId: u.teamId,
        [t.config.csrfHeaderName]: u.csrf,
        cookie: [...u.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => {
        const written = i;
        // The client would go on; it is let go here so the server can close.
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, written });
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    let i = 0;
    const next = () => {
      if (i >= chunks.length || req.destroyed) return;
      req.write(chunks[i++]);
      setTimeout(next, gapMs);
    };
    next();
  });
}

async function leftovers(): Promise<string[]> {
  const tmp = path.join(t.config.storageDir, '.tmp');
  return (await fs.readdir(tmp).catch(() => [])) as string[];
}

describe('a slow or stalled upload', () => {
  it('is refused with 408 after the idle time and leaves no file behind', async () => {
    const res = await crawl([Buffer.alloc(64 * 1024, 1)], 10_000);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).ret.msg).toBe('The upload stopped: nothing arrived for 0.4 s');
    expect(await leftovers()).toEqual([]);
    const { rows } = await t.deps.database.executeSql(`select count(*)::int as n from files where file_name = 'slow.bin' and state = 'ready'`, []);
    expect((rows[0] as { n: number }).n).toBe(0);
  });

  it('keeps an upload alive while bytes keep coming, however slowly', async () => {
    // Eight bytes 100 ms apart: never idle for 400 ms, then silence ends it.
    const res = await crawl(Array.from({ length: 8 }, () => Buffer.from('x')), 100);
    expect(res.status).toBe(408);
    // Refused only after the last byte was sent, not at any gap between them.
    expect(res.written).toBe(8);
    expect(await leftovers()).toEqual([]);
  });
});
