import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverArgs } from './server-bundle';

export interface Instance {
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

/** A Wharf server as a process of its own (`src/main.ts`), resolved once it listens. */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Wharf console: (http:\/\/[^/\s]+)\//.exec(out);
      if (!m) return;
      clearInterval(timer);
      resolve({
        url: m[1]!,
        output: () => out,
        exited,
        stop: () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the instance exited with ${code} before listening:\n${out}`));
    });
  });
}
