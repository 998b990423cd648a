import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapAvailable, Runner, type RunnerOptions } from '../index';

// Functions that try to get out, each in a real sandbox: what they may not see is not
// there, what they may not reach refuses, and what runs away ends that runner only.

const mustHave = process.env.CI === 'true';
const dirs: string[] = [];
let pg: net.Server | null = null;
const runners: Runner[] = [];

function code(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wharf-fn-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'index.js'), source);
  fs.chmodSync(path.join(dir, 'index.js'), 0o644);
  dirs.push(dir);
  return dir;
}

async function start(source: string, o: Partial<RunnerOptions> = {}): Promise<Runner> {
  const r = await Runner.start({ codeDir: code(source), entry: 'index.js', handler: 'myHandler', memoryMb: 64, maxProcesses: 32, loadTimeoutMs: 10_000, ...o });
  runners.push(r);
  return r;
}

beforeAll(async () => {
  // A listener on the host's loopback: the function must not reach it.
  pg = net.createServer((s) => s.end('host service'));
  await new Promise<void>((r) => pg!.listen(0, '127.0.0.1', () => r()));
});
afterAll(() => {
  for (const r of runners) r.stop();
  pg?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

it.runIf(mustHave && !bubblewrapAvailable())('has bubblewrap to run functions', () => {
  throw new Error('bubblewrap is missing: apt-get install -y bubblewrap');
});

describe.skipIf(!bubblewrapAvailable())('a function in its sandbox', () => {
  it('answers with both handler shapes, keeps its code loaded between calls, and reports its errors', async () => {
    const r = await start(`let calls = 0;
      module.exports.myHandler = function (event, context, callback, logger) { calls += 1; logger.info('called', calls); callback({ hello: event.name, calls, requestId: context.requestId }); };`);
    expect(r.coldStartMs).toBeGreaterThan(0);
    expect(await r.invoke({ name: 'Ann' }, { requestId: 'r1' }, 5000)).toMatchObject({ ok: true, result: { hello: 'Ann', calls: 1, requestId: 'r1' } });
    // What a call printed comes back with it.
    expect(await r.invoke({ name: 'Bo' }, { requestId: 'r2' }, 5000)).toMatchObject({ ok: true, result: { hello: 'Bo', calls: 2 }, output: 'called 2\n' });

    const a = await start(`module.exports.myHandler = async (event) => { if (event.fail) throw new Error('no ' + event.fail); return event.n * 2; };`);
    expect(await a.invoke({ n: 21 }, {}, 5000)).toMatchObject({ ok: true, result: 42 });
    expect(await a.invoke({ fail: 'luck' }, {}, 5000)).toMatchObject({ ok: false, reason: 'error', message: 'no luck' });
    expect(a.alive).toBe(true);
    await expect(start(`module.exports.other = () => 1;`)).rejects.toThrow('no function "myHandler"');
  });

  it('sees none of the server: no files, no environment, no network, as nobody', async () => {
    process.env.WHARF_SECRET_PROBE = 'must-not-leak';
    const r = await start(`const fs = require('fs');
      const tryRead = (p) => { try { return fs.readFileSync(p, 'utf8'); } catch (e) { return e.code; } };
      const tryList = (p) => { try { return fs.readdirSync(p); } catch (e) { return e.code; } };
      const connect = (port, host) => new Promise((resolve) => { const s = require('net').connect(port, host); s.on('connect', () => { s.destroy(); resolve('connected'); }); s.on('error', (e) => resolve(e.code)); setTimeout(() => { s.destroy(); resolve('timeout'); }, 2000); });
      module.exports.myHandler = async (event) => ({
        passwd: tryRead('/etc/passwd'), work: tryList(${JSON.stringify(process.cwd())}), root: tryList('/root'),
        env: process.env, firstEnv: tryRead('/proc/1/environ'), uid: process.getuid(),
        host: await connect(event.port, '127.0.0.1'), metadata: await connect(80, '169.254.169.254'),
        written: (() => { try { fs.writeFileSync('/code/x', 'x'); return 'written'; } catch (e) { return e.code; } })(),
        eval: (() => { try { return eval('1 + 1'); } catch (e) { return e.name; } })(),
      });`);
    delete process.env.WHARF_SECRET_PROBE;
    const out = await r.invoke({ port: (pg!.address() as net.AddressInfo).port }, {}, 10_000);
    expect(out.ok).toBe(true);
    const seen = (out as { result: Record<string, unknown> }).result;
    expect(seen).toMatchObject({ passwd: 'ENOENT', work: 'ENOENT', root: 'ENOENT', uid: 65534, host: 'ECONNREFUSED', written: 'EROFS', eval: 'EvalError' });
    expect(['ENETUNREACH', 'EHOSTUNREACH', 'ECONNREFUSED', 'timeout']).toContain(seen.metadata);
    // Only what the sandbox sets: the mode, and the working folder bwrap puts in PWD.
    expect(Object.keys(seen.env as object).sort()).toEqual(['NODE_ENV', 'PWD']);
    expect(String(seen.firstEnv)).not.toContain('must-not-leak');
  });

  it('ends a runaway loop at its timeout, and a crash or an exit, that runner only', async () => {
    const loop = await start(`module.exports.myHandler = (event, context, callback) => { if (event.spin) for (;;); callback('fine'); };`);
    const spun = await loop.invoke({ spin: true }, {}, 500);
    expect(spun).toMatchObject({ ok: false, reason: 'timeout' });
    expect(loop.alive).toBe(false);
    expect(await loop.invoke({}, {}, 500)).toMatchObject({ ok: false, reason: 'crashed' });
    const again = await start(`module.exports.myHandler = (event, context, callback) => callback('fine');`);
    expect(await again.invoke({}, {}, 2000)).toMatchObject({ ok: true, result: 'fine' });

    const exits = await start(`module.exports.myHandler = () => process.exit(3);`);
    expect(await exits.invoke({}, {}, 5000)).toMatchObject({ ok: false, reason: 'crashed', message: expect.stringContaining('exit code 3') });
  });

  it('sits in control groups of its own: memory, processes, and at most one core at a quarter of the weight', async () => {
    const r = await start(`module.exports.myHandler = async () => 1;`);
    if (!r.contained) return;
    const groups = fs.readFileSync(`/proc/${r.pid}/cgroup`, 'utf8');
    for (const kind of ['memory', 'pids', 'cpu']) expect(groups, kind).toMatch(new RegExp(`[:,]${kind}(,[a-z]+)*:/wharf-runners/\\d+-\\d+`));
    const cpu = /[:,]cpu(,[a-z]+)*:(\/wharf-runners\/[\d-]+)/.exec(groups)![2];
    const dir = fs.existsSync('/sys/fs/cgroup/cpu') ? '/sys/fs/cgroup/cpu' : '/sys/fs/cgroup/cpu,cpuacct';
    expect(fs.readFileSync(`${dir}${cpu}/cpu.cfs_quota_us`, 'utf8').trim()).toBe('100000');
    expect(fs.readFileSync(`${dir}${cpu}/cpu.shares`, 'utf8').trim()).toBe('256');
  });

  it('stops a memory bomb at its cap and a fork bomb at its process limit', async () => {
    const bomb = await start(`module.exports.myHandler = () => { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); };`, { memoryMb: 64 });
    expect(await bomb.invoke({}, {}, 20_000)).toMatchObject({ ok: false, reason: 'crashed' });
    // Memory outside the heap is only capped by the control group (CI's machine has them).
    const buffers = await start(`module.exports.myHandler = () => { const keep = []; for (;;) keep.push(Buffer.alloc(16 * 1024 * 1024, 1)); };`, { memoryMb: 64 });
    if (buffers.contained) expect(await buffers.invoke({}, {}, 20_000)).toMatchObject({ ok: false, reason: 'crashed' });
    else buffers.stop();

    const forks = await start(`const { spawn } = require('child_process');
      module.exports.myHandler = async () => { let made = 0, refused = 0; for (let i = 0; i < 200; i++) { try { const c = spawn('/runtime/node', ['-e', 'setTimeout(() => {}, 5000)']); c.on('error', () => {}); if (c.pid) made++; else refused++; } catch (e) { refused++; } } return { made, refused }; };`, { maxProcesses: 32 });
    const forked = await forks.invoke({}, {}, 20_000);
    if (forks.contained) {
      expect(forked.ok).toBe(true);
      const { made, refused } = (forked as { result: { made: number; refused: number } }).result;
      expect(made).toBeLessThan(32);
      expect(refused).toBeGreaterThan(0);
    }
    forks.stop();
  });
});
