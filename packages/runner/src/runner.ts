import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { startSandbox, type Sandboxed, type SandboxLimits } from './sandbox';

export interface RunnerOptions extends SandboxLimits {
  /** The folder holding the function's code (mounted read-only at /code). */
  codeDir: string;
  /** The module to load, relative to the code folder (`index.js`). */
  entry: string;
  /** The exported function to call (`myHandler`). */
  handler: string;
  /** How long loading the code may take. */
  loadTimeoutMs: number;
}

export type Outcome =
  | { ok: true; result: unknown; ms: number }
  | { ok: false; reason: 'error' | 'timeout' | 'crashed'; message: string; ms: number };

const OUTPUT_LIMIT = 64 * 1024;

/**
 * One sandboxed process holding one version's code: started and loaded once (the cold
 * start), then called one invocation at a time. A call past its timeout kills the process;
 * so does anything that ends it (a crash, `process.exit`, its memory or process cap). Either
 * way that runner is done and the caller starts another.
 */
export class Runner {
  #output = '';
  #pending: { id: number; resolve: (o: Outcome) => void; startedAt: number } | null = null;
  #next = 0;
  #ended: string | null = null;
  #coldStartMs = 0;

  private constructor(private readonly box: Sandboxed) {}

  /** Starts a sandbox and loads the code in it; refuses when the code cannot be loaded. */
  static async start(o: RunnerOptions): Promise<Runner> {
    const startedAt = performance.now();
    const box = startSandbox(o.codeDir, o);
    const runner = new Runner(box);
    runner.#listen();
    const loaded = await runner.#request({ type: 'load', entry: o.entry, handler: o.handler }, o.loadTimeoutMs);
    if (!loaded.ok) throw new Error(`the function's code did not load: ${loaded.message}`);
    runner.#coldStartMs = performance.now() - startedAt;
    return runner;
  }

  /** How long starting the sandbox and loading the code took. */
  get coldStartMs(): number {
    return this.#coldStartMs;
  }

  /** Whether the contained limits (cgroups) hold for this runner, not only the heap limit. */
  get contained(): boolean {
    return this.box.contained;
  }

  get alive(): boolean {
    return this.#ended === null;
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
    const startedAt = performance.now();
    const ms = () => performance.now() - startedAt;
    if (this.#ended !== null) return Promise.resolve({ ok: false, reason: 'crashed', message: this.#ended, ms: 0 });
    if (this.#pending) return Promise.resolve({ ok: false, reason: 'error', message: 'the runner is busy', ms: 0 });
    return new Promise<Outcome>((resolve) => {
      const id = (this.#next += 1);
      const timer = setTimeout(() => {
        this.#settle({ ok: false, reason: 'timeout', message: `the function ran past its ${timeoutMs / 1000} s timeout`, ms: ms() });
        this.#end('timed out');
      }, timeoutMs);
      this.#pending = {
        id,
        startedAt,
        resolve: (o) => {
          clearTimeout(timer);
          resolve(o);
        },
      };
      this.box.child.stdin!.write(`${JSON.stringify({ ...message, id })}\n`);
    });
  }

  #settle(o: Outcome): void {
    const pending = this.#pending;
    this.#pending = null;
    pending?.resolve(o);
  }

  #listen(): void {
    const { child } = this.box;
    const keep = (chunk: Buffer) => {
      this.#output = (this.#output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.stdin!.on('error', () => undefined);
    readline.createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const m = JSON.parse(line) as { type: string; id?: number; result?: unknown; error?: string };
      const pending = this.#pending;
      if (!pending) return;
      const ms = performance.now() - pending.startedAt;
      this.#settle(m.error !== undefined ? { ok: false, reason: 'error', message: m.error, ms } : { ok: true, result: m.result ?? null, ms });
    });
    child.on('exit', (code, signal) => {
      const why = signal ? `the function's process was killed (${signal})` : `the function's process ended (exit code ${code})`;
      const pending = this.#pending;
      if (pending) this.#settle({ ok: false, reason: 'crashed', message: why, ms: performance.now() - pending.startedAt });
      this.#end(why);
      this.box.release();
    });
  }

  #end(why: string): void {
    if (this.#ended === null) this.#ended = why;
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
