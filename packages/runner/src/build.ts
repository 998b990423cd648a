import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEgressProxy } from './egress';
import { NODE, ro, SANDBOX_USER, startSandbox, systemLibs } from './sandbox';

const SCRIPT = path.join(import.meta.dirname, 'build.cjs');
/** npm as installed beside this Node (`<prefix>/lib/node_modules/npm`). */
export const NPM_DIR = path.join(path.dirname(path.dirname(NODE)), 'lib', 'node_modules', 'npm');

export interface PackageBuild {
  /** A folder of the build's own: package.json is written there and node_modules comes back in it. */
  dir: string;
  packageJson: string;
  /** The registry npm installs from; the sandbox reaches this host and no other. */
  registry: string;
  timeoutMs: number;
  memoryMb: number;
  /** The log's last characters kept. */
  logChars: number;
  /** How the registry's host is reached (tests reach a local registry through it). */
  lookup?: (host: string) => Promise<string[]>;
}

export interface BuildOutcome {
  ok: boolean;
  /** npm's output, its tail when long, and why the build stopped when it did not finish. */
  log: string;
}

/**
 * Installs a package.json's dependencies the way a function's code runs: in a sandbox of its
 * own user, namespaces and limits, no script of any package run (`--ignore-scripts`), and the
 * package registry the only address reachable (the egress proxy, limited to its host).
 */
export async function buildPackages(b: PackageBuild): Promise<BuildOutcome> {
  if (!fs.existsSync(NPM_DIR)) return { ok: false, log: `npm is not installed beside Node on this server (${NPM_DIR})` };
  fs.mkdirSync(b.dir, { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(b.dir, 'package.json'), b.packageJson);
  // A Unix socket's path is at most 107 bytes: a short one in the temporary folder, not beside the build.
  const socketPath = path.join(os.tmpdir(), `wharf-build-${randomBytes(6).toString('hex')}.sock`);
  const egress = await startEgressProxy({ socketPath, only: [new URL(b.registry).hostname.toLowerCase()], ...(b.lookup ? { lookup: b.lookup } : {}) });
  let log = '';
  const keep = (text: string) => {
    log = (log + text).slice(-b.logChars);
  };
  try {
    const args = [
      ...SANDBOX_USER, ...ro(NODE, '/runtime/node'), ...systemLibs(), ...ro(NPM_DIR, '/runtime/npm'), ...ro(SCRIPT, '/runtime/build.cjs'),
      '--bind', b.dir, '/build', '--bind', socketPath, '/run/egress.sock',
      '--tmpfs', '/tmp', '--proc', '/proc', '--dev', '/dev', '--clearenv', '--setenv', 'REGISTRY', b.registry, '--chdir', '/build',
      '/runtime/node', `--max-old-space-size=${b.memoryMb}`, '/runtime/build.cjs',
    ];
    const box = startSandbox(b.dir, { memoryMb: b.memoryMb, maxProcesses: 128 }, args);
    box.child.stdin!.end();
    box.child.stdout!.on('data', (c: Buffer) => keep(c.toString('utf8')));
    box.child.stderr!.on('data', (c: Buffer) => keep(c.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        keep(`\nThe build took longer than ${Math.round(b.timeoutMs / 1000)} s and was stopped.\n`);
        try {
          process.kill(-box.child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, b.timeoutMs);
      box.child.on('exit', (c) => (clearTimeout(timer), box.release(), resolve(c)));
    });
    const built = code === 0 && fs.existsSync(path.join(b.dir, 'node_modules'));
    if (code === 0 && !built) keep('\nnpm finished without a node_modules folder: the package.json has no dependencies.\n');
    return { ok: built, log };
  } finally {
    await egress.close();
  }
}
