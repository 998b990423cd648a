import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Started {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a server as its own process (so it has its own core) and waits for its address. */
export function startProcess(args: string[], env: Record<string, string>, pattern: RegExp, cwd = ROOT): Promise<Started> {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = pattern.exec(out);
      if (!m) return;
      clearInterval(timer);
      // A server that dies during the run says why (the run then fails on a refused connection).
      let stopping = false;
      child.once('exit', (code, signal) => {
        if (!stopping) console.error(`${args.at(-1)} exited (${code ?? signal}) during the run; its last output:\n${out.slice(-4000)}`);
      });
      resolve({
        url: m[1]!,
        child,
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            stopping = true;
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`process exited with ${code} before listening:\n${out}`));
    });
  });
}

export function startBare(): Promise<Started> {
  return startProcess(['--import', 'tsx', path.join(ROOT, 'bench/src/bare-server.ts')], {}, /listening (http:\/\/\S+)/);
}

export function startWharf(env: Record<string, string>): Promise<Started> {
  return startProcess(
    // The memory probe (and --expose-gc for it) lets the mixed run read the live heap.
    [
      '--expose-gc',
      // BENCH_CPU_PROF=dir writes a .cpuprofile of each Wharf server there when it stops.
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : []),
      '--import',
      'tsx',
      '--import',
      path.join(ROOT, 'bench/src/memory-probe.ts'),
      'src/main.ts',
    ],
    // The flood brake is off: the bench is the flood, and one address sends it all.
    { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '0', ...env },
    /Wharf console: (http:\/\/[^/\s]+)\//,
    path.join(ROOT, 'apps/server'),
  );
}
