import fs from 'node:fs';
import path from 'node:path';
import { startEgressProxy, type EgressOptions, type EgressProxy } from './egress';
import type { FunctionCode, HostHealth, HostOutcome, RunnerHost, RunnerInfo } from './host';
import { Runner } from './runner';
import { bubblewrapAvailable } from './sandbox';

export interface PoolOptions {
  /** A folder of the pool's own: the functions' code and each runner's view of it. */
  dir: string;
  /** Runners this machine holds at once, busy, idle and spare together. */
  maxRunners: number;
  /** Runners kept started ahead of need for each memory size in use. */
  sparePerSize: number;
  /** A runner idle this long is ended. */
  idleMs: number;
  /** Processes and threads one runner may hold. */
  maxProcesses: number;
  /** Outbound HTTP through the egress proxy (off: a function has no network at all). */
  egress?: false | Omit<EgressOptions, 'socketPath'>;
  onError?: (e: unknown) => void;
  now?: () => number;
}

interface Instance {
  runner: Runner | null;
  dir: string;
  ready: Promise<Runner>;
  /** Calls taken, including ones waiting for the code to load. */
  calls: number;
  startedAt: number;
  lastUsed: number;
  memoryMb: number | null;
}

interface Known {
  code: Omit<FunctionCode, 'files'>;
  instances: Instance[];
}

interface Spare {
  runner: Runner;
  dir: string;
}

const BOOT_MS = 10_000;
const FILE_MODE = 0o644;
const DIR_MODE = 0o755;

/** A key is a folder name: hashes and version keys only. */
const safeKey = (key: string) => /^[\w.-]{1,128}$/.test(key);

/**
 * This machine's runners: a function's calls go to a warm runner with room (up to the
 * function's concurrency), else to a spare started ahead of need and given the code (a cold
 * start), else — when the machine holds all it may — they are refused as throttled. Idle
 * runners end after `idleMs`; a runner that dies takes only its own calls with it.
 */
export class RunnerPool implements RunnerHost {
  #known = new Map<string, Known>();
  /** Runners held warm per key (preload policies). */
  #warm = new Map<string, number>();
  #writing = new Map<string, Promise<void>>();
  #spares = new Map<number, Spare[]>();
  /** Spares being started, counted against the machine's runners. */
  #starting = 0;
  #startingSpares = new Map<number, number>();
  #serial = 0;
  #timer: NodeJS.Timeout;
  #closed = false;
  readonly #now: () => number;
  /** The egress proxy when functions may call out, started with the pool. */
  readonly #egress: Promise<EgressProxy> | null;
  /** This pool's own folder under the configured one: servers sharing a machine keep apart. */
  readonly #root: string;

  constructor(private readonly o: PoolOptions) {
    this.#now = o.now ?? Date.now;
    sweepDeadServers(o.dir);
    this.#root = path.join(o.dir, `${process.pid}-${(pools += 1)}`);
    fs.mkdirSync(path.join(this.#root, 'code'), { recursive: true, mode: DIR_MODE });
    fs.mkdirSync(path.join(this.#root, 'runners'), { recursive: true, mode: DIR_MODE });
    this.#egress = o.egress ? startEgressProxy({ ...o.egress, socketPath: path.join(this.#root, 'egress.sock') }) : null;
    this.#egress?.catch((e: unknown) => o.onError?.(e));
    this.#timer = setInterval(() => this.evictIdle(), Math.max(1000, Math.min(o.idleMs / 2, 30_000)));
    this.#timer.unref();
  }

  start(code: FunctionCode): Promise<void> {
    if (!safeKey(code.key)) return Promise.reject(new Error('a function key is letters, digits, dots, dashes and underscores'));
    if (this.#known.has(code.key)) return Promise.resolve();
    // Calls that all found the code unknown start it once, and all wait for that.
    let writing = this.#writing.get(code.key);
    if (!writing) {
      const { files, ...rest } = code;
      writing = writeFiles(path.join(this.#root, 'code', code.key), files)
        .then(() => void this.#known.set(code.key, { code: rest, instances: [] }))
        .finally(() => this.#writing.delete(code.key));
      this.#writing.set(code.key, writing);
    }
    return writing;
  }

  async invoke(key: string, event: unknown, context: Record<string, unknown>): Promise<HostOutcome> {
    const known = this.#known.get(key);
    if (!known) return { ok: false, reason: 'unknown', message: 'the runner host does not hold this code', output: '', ms: 0, coldStart: false };
    const { code } = known;
    let instance = known.instances.find((i) => i.calls < code.concurrency);
    let coldStart = false;
    if (!instance) {
      // Looked for at a cold start only: a warm call has a runner already.
      if (!bubblewrapAvailable()) return { ok: false, reason: 'unavailable', message: 'this server cannot run functions: bubblewrap is not installed', output: '', ms: 0, coldStart: false };
      if (!this.#makeRoom()) return { ok: false, reason: 'throttled', message: `all ${this.o.maxRunners} runners of this host are busy`, output: '', ms: 0, coldStart: false };
      instance = this.#coldStart(known);
      coldStart = true;
    }
    instance.calls += 1;
    try {
      const runner = await instance.ready;
      const outcome = await runner.invoke(event, context, code.timeoutMs);
      if (outcome.memoryMb !== undefined) instance.memoryMb = outcome.memoryMb;
      return { ...outcome, coldStart };
    } catch (e) {
      // The code did not load (it threw, or has no such handler), or the runner did not start.
      return { ok: false, reason: 'error', message: e instanceof Error ? e.message : String(e), output: '', ms: 0, coldStart };
    } finally {
      instance.calls -= 1;
      instance.lastUsed = this.#now();
      if (instance.runner && !instance.runner.alive) this.#drop(known, instance);
    }
  }

  async runners(): Promise<RunnerInfo[]> {
    return [...this.#known].flatMap(([key, known]) => {
      const held = this.#warm.get(key) ?? 0;
      return known.instances.map((i, at) => ({
        key, state: !i.runner ? ('starting' as const) : i.calls > 0 ? ('busy' as const) : ('idle' as const), calls: i.calls,
        startedAt: i.startedAt, lastUsedAt: i.lastUsed, memoryMb: i.memoryMb, held: at < held,
      }));
    });
  }

  async keepWarm(key: string, count: number): Promise<number> {
    const known = this.#known.get(key);
    if (!known || count <= 0 || !bubblewrapAvailable()) {
      this.#warm.delete(key);
      return 0;
    }
    this.#warm.set(key, count);
    while (known.instances.length < count && this.#makeRoom(key)) this.#coldStart(known);
    await Promise.allSettled(known.instances.map((i) => i.ready));
    return Math.min(count, known.instances.length);
  }

  async stop(key: string): Promise<void> {
    const known = this.#known.get(key);
    this.#warm.delete(key);
    if (!known) return;
    this.#known.delete(key);
    for (const i of [...known.instances]) this.#drop(known, i);
    await fs.promises.rm(path.join(this.#root, 'code', key), { recursive: true, force: true });
  }

  async health(): Promise<HostHealth> {
    const instances = [...this.#known.values()].flatMap((k) => k.instances);
    const spares = [...this.#spares.values()].flat();
    return {
      sandbox: bubblewrapAvailable(),
      contained: [...instances.map((i) => i.runner), ...spares.map((s) => s.runner)].some((r) => r?.contained),
      runners: this.#count(),
      spare: spares.length,
      busy: instances.filter((i) => i.calls > 0).length,
      maxRunners: this.o.maxRunners,
      functions: this.#known.size,
    };
  }

  /** Ends runners idle past their time; spares stay while their memory size is in use. */
  evictIdle(): void {
    const now = this.#now();
    for (const [key, known] of this.#known) {
      // A preload policy's runners stay however long they are idle.
      let spare = known.instances.length - (this.#warm.get(key) ?? 0);
      for (const i of [...known.instances]) {
        if (spare <= 0) break;
        if (i.calls === 0 && i.runner && now - i.lastUsed >= this.o.idleMs) {
          this.#drop(known, i);
          spare -= 1;
        }
      }
    }
    const inUse = new Set([...this.#known.values()].filter((k) => k.instances.length > 0).map((k) => k.code.memoryMb));
    for (const [size, spares] of this.#spares) {
      if (inUse.has(size)) continue;
      for (const s of spares.splice(0)) this.#end(s.runner, s.dir);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    for (const known of this.#known.values()) for (const i of [...known.instances]) this.#drop(known, i);
    for (const spares of this.#spares.values()) for (const s of spares.splice(0)) this.#end(s.runner, s.dir);
    this.#known.clear();
    await this.#egress?.then((p) => p.close(), () => undefined);
    await fs.promises.rm(this.#root, { recursive: true, force: true });
  }

  #count(): number {
    let n = this.#starting;
    for (const k of this.#known.values()) n += k.instances.length;
    for (const s of this.#spares.values()) n += s.length;
    return n;
  }

  /** Whether one more runner fits: a spare, else the runner idle the longest (not one a preload policy holds, nor one of `forKey`), makes room when the machine is full. */
  #makeRoom(forKey?: string): boolean {
    if (this.#count() < this.o.maxRunners) return true;
    for (const spares of this.#spares.values()) {
      const s = spares.pop();
      if (s) {
        this.#end(s.runner, s.dir);
        return true;
      }
    }
    let oldest: { known: Known; instance: Instance } | null = null;
    for (const [key, known] of this.#known) {
      if (key === forKey || known.instances.length <= (this.#warm.get(key) ?? 0)) continue;
      for (const instance of known.instances) {
        if (instance.calls === 0 && instance.runner && (!oldest || instance.lastUsed < oldest.instance.lastUsed)) oldest = { known, instance };
      }
    }
    if (!oldest) return false;
    this.#drop(oldest.known, oldest.instance);
    return true;
  }

  #coldStart(known: Known): Instance {
    const { code } = known;
    const spare = this.#spares.get(code.memoryMb)?.pop();
    const dir = spare?.dir ?? this.#runnerDir();
    const instance: Instance = { runner: null, dir, calls: 0, startedAt: this.#now(), lastUsed: this.#now(), memoryMb: null, ready: null as unknown as Promise<Runner> };
    instance.ready = (async () => {
      const runner = spare?.runner ?? (await this.#spawn(code.memoryMb, dir));
      instance.runner = runner;
      await linkTree(path.join(this.#root, 'code', code.key), dir);
      await runner.load({ entry: code.entry, handler: code.handler, env: code.env, loadTimeoutMs: Math.max(code.timeoutMs, 5000) });
      return runner;
    })();
    instance.ready.catch(() => this.#drop(known, instance));
    known.instances.push(instance);
    this.#refill(code.memoryMb);
    return instance;
  }

  #runnerDir(): string {
    const dir = path.join(this.#root, 'runners', String((this.#serial += 1)));
    fs.mkdirSync(dir, { mode: DIR_MODE });
    fs.chmodSync(dir, DIR_MODE);
    return dir;
  }

  async #spawn(memoryMb: number, dir: string): Promise<Runner> {
    const egressSocket = this.#egress ? (await this.#egress).socketPath : null;
    return Runner.spawn({ codeDir: dir, memoryMb, maxProcesses: this.o.maxProcesses, bootTimeoutMs: BOOT_MS, egressSocket });
  }

  /** Starts spares for a memory size in the background, while the machine has room. */
  #refill(memoryMb: number): void {
    const spares = this.#spares.get(memoryMb) ?? [];
    this.#spares.set(memoryMb, spares);
    const starting = this.#startingSpares.get(memoryMb) ?? 0;
    if (this.#closed || spares.length + starting >= this.o.sparePerSize || this.#count() >= this.o.maxRunners) return;
    const dir = this.#runnerDir();
    this.#startingSpares.set(memoryMb, starting + 1);
    this.#starting += 1;
    this.#spawn(memoryMb, dir)
      .then((runner) => {
        if (this.#closed) return this.#end(runner, dir);
        spares.push({ runner, dir });
      })
      .catch((e: unknown) => {
        fs.rmSync(dir, { recursive: true, force: true });
        this.o.onError?.(e);
      })
      .finally(() => {
        this.#starting -= 1;
        this.#startingSpares.set(memoryMb, (this.#startingSpares.get(memoryMb) ?? 1) - 1);
      });
  }

  #drop(known: Known, instance: Instance): void {
    const at = known.instances.indexOf(instance);
    if (at >= 0) known.instances.splice(at, 1);
    if (instance.runner) this.#end(instance.runner, instance.dir);
    else void instance.ready.then((r) => this.#end(r, instance.dir), () => fs.rmSync(instance.dir, { recursive: true, force: true }));
  }

  #end(runner: Runner, dir: string): void {
    runner.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let pools = 0;

/** Folders of servers that ended without closing their pool (a crash, a kill). */
function sweepDeadServers(dir: string): void {
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pid = Number(/^(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/**
 * A runner's view of its code: hard links to the files written once per key, so a cold start
 * costs a link per file however large they are (a layer's node_modules), not a copy.
 */
async function linkTree(from: string, to: string): Promise<void> {
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await fs.promises.mkdir(target, { mode: DIR_MODE });
      await linkTree(source, target);
    } else {
      await fs.promises.link(source, target).catch(() => fs.promises.copyFile(source, target));
    }
  }
}

/** Writes a function's files where every runner's user can read them and none can write. */
async function writeFiles(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: DIR_MODE });
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(dir, name);
    if (!target.startsWith(`${dir}${path.sep}`)) throw new Error(`a file outside the function's folder: ${name}`);
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE });
    await fs.promises.writeFile(target, content, { mode: FILE_MODE });
  }
}
