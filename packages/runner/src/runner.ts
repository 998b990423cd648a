import type { Readable } from 'node:stream';
import { boundedLines } from './lines';
import { startSandbox, type Sandboxed, type SandboxLimits } from './sandbox';

export interface SpawnOptions extends SandboxLimits {
  /** The runner's own folder, mounted read-only at /code: its function's files are put there before `load`. */
  codeDir: string;
  /** How long the process may take to start. */
  bootTimeoutMs: number;
}

export interface LoadOptions {
  /** The module to load, relative to the code folder (`index.js`). */
  entry: string;
  /** The exported function to call (`myHandler`). */
  handler: string;
  /** The function's environment variables, set before its code loads. */
  env?: Record<string, string>;
  /** The largest answer a call may send, in bytes. */
  resultLimit?: number;
  loadTimeoutMs: number;
}

export type RunnerOptions = Omit<SpawnOptions, 'bootTimeoutMs'> & LoadOptions;

/** An HTTP trigger's answer as the function built it (`context.HTTPResponse`). */
export interface HttpAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  contentType: string;
  body: unknown;
}

/** A line a call printed: its level (console.log is `info`), when (ms since the call began), and the text. */
export type LogLine = [level: 'info' | 'warn' | 'error' | 'debug', afterMs: number, text: string];

/** `memoryMb`: the runner's resident memory as the call ended (none when it died or timed out). */
export type Outcome =
  | { ok: true; result: unknown; http?: HttpAnswer; output: string; lines?: LogLine[]; ms: number; memoryMb?: number }
  | { ok: false; reason: 'error' | 'timeout' | 'crashed'; message: string; output: string; lines?: LogLine[]; ms: number; memoryMb?: number };

interface Pending {
  startedAt: number;
  timer: NodeJS.Timeout | null;
  resolve: (o: Outcome) => void;
}

const OUTPUT_LIMIT = 64 * 1024;
const DEFAULT_RESULT_LIMIT = 6 * 1024 * 1024;

/**
 * One sandboxed process for one function's code: started ahead of need (`spawn`), then given
 * its code once (`load`, the rest of a cold start), then called, several calls at a time up
 * to the function's concurrency. A call past its timeout kills the process, and so does
 * anything that ends it (a crash, `process.exit`, its memory or process cap): the runner is
 * then done, every call in it answers, and the pool starts another.
 */
export class Runner {
  #output = '';
  #pending = new Map<number, Pending>();
  #next = 0;
  #ended: string | null = null;
  #coldStartMs = 0;
  #resultLimit = DEFAULT_RESULT_LIMIT;

  private constructor(private readonly box: Sandboxed) {}

  /** Starts a sandbox with no function in it yet, and waits until its runtime answers. */
  static async spawn(o: SpawnOptions): Promise<Runner> {
    const runner = new Runner(startSandbox(o.codeDir, o));
    runner.#listen();
    const booted = await runner.#request({ type: 'ping' }, o.bootTimeoutMs);
    if (!booted.ok) throw new Error(`the runner did not start: ${booted.message}`);
    return runner;
  }

  /** Starts a sandbox and loads the code in it: refuses when the code cannot be loaded. */
  static async start(o: RunnerOptions): Promise<Runner> {
    const startedAt = performance.now();
    const runner = await Runner.spawn({ ...o, bootTimeoutMs: o.loadTimeoutMs });
    await runner.load(o);
    runner.#coldStartMs = performance.now() - startedAt;
    return runner;
  }

  /** Loads the function's code (already in the runner's folder); refuses, and ends the runner, when it cannot. */
  async load(o: LoadOptions): Promise<void> {
    const startedAt = performance.now();
    this.#resultLimit = o.resultLimit ?? DEFAULT_RESULT_LIMIT;
    const loaded = await this.#request({ type: 'load', entry: o.entry, handler: o.handler, env: o.env ?? {}, resultLimit: this.#resultLimit }, o.loadTimeoutMs);
    if (!loaded.ok) {
      this.stop();
      throw new Error(`the function's code did not load: ${loaded.message}`);
    }
    this.#coldStartMs = performance.now() - startedAt;
  }

  /** How long loading the code took (and starting the sandbox, for `start`). */
  get coldStartMs(): number {
    return this.#coldStartMs;
  }

  /** Whether the contained limits (cgroups) hold for this runner, not only the heap limit. */
  get contained(): boolean {
    return this.box.contained;
  }

  /** The sandbox's process on this machine (bwrap's), for the control groups it sits in. */
  get pid(): number | undefined {
    return this.box.child.pid;
  }

  get alive(): boolean {
    return this.#ended === null;
  }

  /** Calls in progress. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /** What the function printed lately (the last 64 KB). */
  get output(): string {
    return this.#output;
  }

  invoke(event: unknown, context: Record<string, unknown>, timeoutMs: number): Promise<Outcome> {
    return this.#request({ type: 'invoke', event, context }, timeoutMs);
  }

  stop(): void {
    this.#end('stopped');
  }

  #request(message: Record<string, unknown>, timeoutMs: number): Promise<Outcome> {
    if (this.#ended !== null) return Promise.resolve({ ok: false, reason: 'crashed', message: this.#ended, output: '', ms: 0 });
    const id = (this.#next += 1);
    const startedAt = performance.now();
    return new Promise<Outcome>((resolve) => {
      const pending: Pending = { startedAt, timer: null, resolve };
      pending.timer = setTimeout(() => {
        this.#settle(id, { ok: false, reason: 'timeout', message: `the function ran past its ${timeoutMs / 1000} s timeout`, output: '', ms: performance.now() - startedAt });
        this.#end('another call in the same runner ran past its timeout');
      }, timeoutMs);
      this.#pending.set(id, pending);
      this.#write(`${JSON.stringify({ ...message, id })}\n`);
    });
  }

  /**
   * Requests of one turn of the event loop leave in one write: under load, one system call
   * (and one wake-up of the runner) for the calls of every connection that had data.
   */
  #write(line: string): void {
    const stdin = this.box.child.stdin!;
    if (!stdin.writableCorked) {
      stdin.cork();
      setImmediate(() => stdin.uncork());
    }
    stdin.write(line);
  }

  #settle(id: number, o: Outcome): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (pending.timer) clearTimeout(pending.timer);
    pending.resolve(o);
  }

  #answer(line: string): void {
    let m: { id?: unknown; result?: unknown; http?: HttpAnswer; error?: unknown; output?: unknown; lines?: unknown; mem?: unknown };
    try {
      m = JSON.parse(line) as typeof m;
    } catch {
      return this.#end('the runner broke its protocol (an answer that is not JSON)');
    }
    const pending = typeof m.id === 'number' ? this.#pending.get(m.id) : undefined;
    if (!pending || typeof m.id !== 'number') return;
    const ms = performance.now() - pending.startedAt;
    const output = typeof m.output === 'string' ? m.output : '';
    const lines = linesOf(m.lines);
    const memory = typeof m.mem === 'number' && Number.isFinite(m.mem) && m.mem >= 0 ? { memoryMb: m.mem } : {};
    this.#settle(m.id, m.error !== undefined ? { ok: false, reason: 'error', message: String(m.error), output, lines, ms, ...memory } : { ok: true, result: m.result ?? null, ...(m.http ? { http: m.http } : {}), output, lines, ms, ...memory });
  }

  #listen(): void {
    const { child } = this.box;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.stdin!.on('error', () => undefined);
    boundedLines(child.stdio[3] as Readable, this.#resultLimit + 64 * 1024, (line) => this.#answer(line), (why) => this.#end(`the runner broke its protocol (${why})`));
    child.on('exit', (code, signal) => {
      const why = signal ? `the function's process was killed (${signal})` : `the function's process ended (exit code ${code})`;
      this.#end(this.#ended ?? why);
      this.box.release();
    });
  }

  #end(why: string): void {
    if (this.#ended === null) this.#ended = why;
    for (const [id, p] of [...this.#pending]) this.#settle(id, { ok: false, reason: 'crashed', message: this.#ended, output: '', ms: performance.now() - p.startedAt });
    const { child } = this.box;
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        // The whole group: bwrap and everything the function started.
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

const LEVELS = new Set(['info', 'warn', 'error', 'debug']);

/** The lines a runner sent, as far as they are well formed (the code in the sandbox is not trusted). */
function linesOf(v: unknown): LogLine[] {
  if (!Array.isArray(v)) return [];
  const out: LogLine[] = [];
  for (const l of v.slice(0, 1000)) {
    if (Array.isArray(l) && LEVELS.has(l[0] as string) && typeof l[1] === 'number' && typeof l[2] === 'string') out.push([l[0] as LogLine[0], l[1], l[2]]);
  }
  return out;
}
