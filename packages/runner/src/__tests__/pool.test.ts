import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bubblewrapAvailable, RunnerPool, type FunctionCode, type PoolOptions } from '../index';

// The warm pool on real sandboxes: warm calls, spares, concurrency, throttling, eviction, and
// one function's runner seeing nothing of another's code.

let pools: RunnerPool[] = [];
let clock = 0;
afterEach(async () => {
  for (const p of pools) await p.close();
  pools = [];
});

function pool(o: Partial<PoolOptions> = {}): RunnerPool {
  const p = new RunnerPool({ dir: fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-pool-')), maxRunners: 4, sparePerSize: 1, idleMs: 60_000, maxProcesses: 32, now: () => clock, ...o });
  pools.push(p);
  return p;
}

const fn = (key: string, source: string, o: Partial<FunctionCode> = {}): FunctionCode => ({
  key, files: { 'index.js': source }, entry: 'index.js', handler: 'myHandler', memoryMb: 64, timeoutMs: 5000, concurrency: 1, env: {}, ...o,
});
const until = async (ok: () => Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await ok()); i += 1) await new Promise((r) => setTimeout(r, 25));
};

describe.skipIf(!bubblewrapAvailable())('the runner pool', () => {
  it('keeps a function warm between calls, answers each with its own output, and starts a spare for the next cold start', async () => {
    const p = pool();
    await p.start(fn('counter', `let n = 0; module.exports.myHandler = async (event, context) => { n += 1; console.log('call', n, context.requestId); return { n, env: process.env.GREETING }; };`, { env: { GREETING: 'hi' } }));
    const first = await p.invoke('counter', {}, { requestId: 'a' });
    expect(first).toMatchObject({ ok: true, coldStart: true, result: { n: 1, env: 'hi' }, output: 'call 1 a\n' });
    expect(await p.invoke('counter', {}, { requestId: 'b' })).toMatchObject({ ok: true, coldStart: false, result: { n: 2 }, output: 'call 2 b\n' });
    await until(async () => (await p.health()).spare === 1);
    expect(await p.health()).toMatchObject({ runners: 2, spare: 1, functions: 1 });

    await p.start(fn('other', `module.exports.myHandler = (e, c, callback) => callback(new c.HTTPResponse({ hi: 1 }, { 'x-a': 'b' }, 'application/json', 201));`));
    const other = await p.invoke('other', {}, {});
    expect(other).toMatchObject({ ok: true, coldStart: true, http: { statusCode: 201, headers: { 'x-a': 'b' }, body: { hi: 1 } } });
    expect(await p.invoke('nobody', {}, {})).toMatchObject({ ok: false, reason: 'unknown' });
  });

  it('holds runners warm for a preload policy (the first call is warm), keeps them past their idle time, and lets them go', async () => {
    const p = pool({ sparePerSize: 0, idleMs: 1000 });
    await p.start(fn('preloaded', `module.exports.myHandler = async () => 'hi';`, { concurrency: 1 }));
    expect(await p.keepWarm('preloaded', 2)).toBe(2);
    const runners = await p.runners();
    expect(runners).toHaveLength(2);
    expect(runners.every((r) => r.key === 'preloaded' && r.state === 'idle' && r.held)).toBe(true);
    expect(await p.invoke('preloaded', {}, {})).toMatchObject({ ok: true, coldStart: false, memoryMb: expect.any(Number) });
    expect((await p.runners()).some((r) => (r.memoryMb ?? 0) > 10)).toBe(true);
    clock += 10_000;
    p.evictIdle();
    expect(await p.runners()).toHaveLength(2);
    expect(await p.keepWarm('preloaded', 0)).toBe(0);
    p.evictIdle();
    expect(await p.runners()).toHaveLength(0);
    expect(await p.keepWarm('never-started', 3)).toBe(0);
  });

  it("shows a runner only its own function's files", async () => {
    const p = pool();
    await p.start(fn('secret', `module.exports.myHandler = async () => 'the secret function';`, { files: { 'index.js': `module.exports.myHandler = async () => 1;`, 'secret.txt': 'hidden' } }));
    await p.invoke('secret', {}, {});
    await p.start(fn('prying', `const fs = require('fs'); module.exports.myHandler = async () => ({ code: fs.readdirSync('/code'), up: fs.readdirSync('/code/..') });`));
    const seen = await p.invoke('prying', {}, {});
    expect(seen).toMatchObject({ ok: true, result: { code: ['index.js'] } });
    expect(JSON.stringify(seen)).not.toContain('secret');
  });

  it('gives a function more runners up to its concurrency, then refuses what the host cannot hold as throttled', async () => {
    const slow = `module.exports.myHandler = async (event, context, callback, logger) => { logger.info('start', event.ms); await new Promise((r) => setTimeout(r, event.ms)); logger.info('end', event.ms); return 'done'; };`;
    const p = pool({ maxRunners: 2, sparePerSize: 0 });
    await p.start(fn('pair', slow, { concurrency: 2 }));
    const two = await Promise.all([p.invoke('pair', { ms: 300 }, {}), p.invoke('pair', { ms: 301 }, {})]);
    expect(two.map((o) => o.ok)).toEqual([true, true]);
    // Overlapping calls in one runner: each answer holds its own logger's lines.
    expect(two.map((o) => o.output)).toEqual(['start 300\nend 300\n', 'start 301\nend 301\n']);
    expect((await p.health()).runners).toBe(1);

    // The idle runner of "pair" gives way: two calls run, the rest are refused.
    await p.start(fn('single', slow));
    const five = await Promise.all(Array.from({ length: 5 }, () => p.invoke('single', { ms: 400 }, {})));
    expect(five.filter((o) => o.ok)).toHaveLength(2);
    expect(five.filter((o) => !o.ok && o.reason === 'throttled')).toHaveLength(3);
    // ...and so does the one idle the longest, for a function that has none.
    await p.start(fn('third', `module.exports.myHandler = async () => 'third';`));
    expect(await p.invoke('third', {}, {})).toMatchObject({ ok: true, result: 'third' });
    expect((await p.health()).runners).toBe(2);
  });

  it('replaces a runner that died, ends idle ones, and refuses code that does not load', async () => {
    const p = pool({ sparePerSize: 0, idleMs: 1000 });
    await p.start(fn('fragile', `module.exports.myHandler = async (event) => { if (event.die) process.exit(1); return 'alive'; };`));
    expect(await p.invoke('fragile', { die: true }, {})).toMatchObject({ ok: false, reason: 'crashed' });
    expect(await p.invoke('fragile', {}, {})).toMatchObject({ ok: true, result: 'alive', coldStart: true });
    expect((await p.health()).runners).toBe(1);
    clock += 1000;
    p.evictIdle();
    expect((await p.health()).runners).toBe(0);

    await p.start(fn('broken', `throw new Error('bad import');`));
    expect(await p.invoke('broken', {}, {})).toMatchObject({ ok: false, reason: 'error', message: expect.stringContaining('bad import') });
    await p.stop('fragile');
    expect(await p.invoke('fragile', {}, {})).toMatchObject({ ok: false, reason: 'unknown' });
  });
});
