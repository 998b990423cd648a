import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const BWRAP = '/usr/bin/bwrap';
export const NODE = process.execPath;
const BOOTSTRAP = path.join(import.meta.dirname, 'bootstrap.cjs');
/** undici, for the sandbox's fetch to go through the egress proxy (Node 20 reads its global dispatcher). */
const UNDICI = path.dirname(createRequire(import.meta.url).resolve('undici/package.json'));
/** The user the code runs as inside its namespace (nobody). */
const NOBODY = '65534';

export interface SandboxLimits {
  /** The function's memory: the JavaScript heap's limit, and the whole process's where cgroups can be written. */
  memoryMb: number;
  /** Processes and threads the sandbox may hold at once (Node needs about a dozen threads). */
  maxProcesses: number;
  /** The egress proxy's socket, when functions may call out (seen inside at /run/egress.sock). */
  egressSocket?: string | null | undefined;
}

export const bubblewrapAvailable = (): boolean => fs.existsSync(BWRAP);

/**
 * The command that runs the bootstrap in a sandbox: every namespace of its own (no network
 * but its own loopback, its own processes, its own user `nobody`), a read-only view of only
 * the Node runtime, the system libraries it links and the function's code at /code, an
 * empty /tmp, and no environment. It dies with the runner.
 */
export function sandboxArgs(codeDir: string, limits: SandboxLimits): string[] {
  return [
    ...SANDBOX_USER,
    ...ro(NODE, '/runtime/node'), ...systemLibs(), ...ro(BOOTSTRAP, '/runtime/bootstrap.cjs'), ...ro(UNDICI, '/runtime/undici'), ...ro(codeDir, '/code'),
    ...(limits.egressSocket ? ['--bind', limits.egressSocket, '/run/egress.sock'] : []),
    '--tmpfs', '/tmp', '--proc', '/proc', '--dev', '/dev', '--clearenv', '--setenv', 'NODE_ENV', 'production', '--chdir', '/code',
    '/runtime/node', `--max-old-space-size=${limits.memoryMb}`, '--disallow-code-generation-from-strings', '/runtime/bootstrap.cjs',
  ];
}

export const ro = (p: string, at = p) => ['--ro-bind', p, at];
/** The system libraries Node links, read-only. */
export const systemLibs = () => ['/lib', '/lib64', '/usr/lib'].filter((p) => fs.existsSync(p)).flatMap((p) => ro(p));
export const SANDBOX_USER = ['--unshare-all', '--die-with-parent', '--new-session', '--uid', NOBODY, '--gid', NOBODY];

/** A kernel control group of one kind for one sandbox, when the machine lets the server make them. */
class ControlGroup {
  private constructor(readonly dir: string) {}

  static make(kind: 'memory' | 'pids' | 'cpu', name: string, limits: Record<string, string>): ControlGroup | null {
    const dir = path.join('/sys/fs/cgroup', kind, 'wharf-runners', name);
    try {
      fs.mkdirSync(dir, { recursive: true });
      for (const [file, value] of Object.entries(limits)) fs.writeFileSync(path.join(dir, file), value);
      return new ControlGroup(dir);
    } catch {
      return null;
    }
  }

  /** The file a process writes its id to, to join the group. */
  get procs(): string {
    return path.join(this.dir, 'cgroup.procs');
  }

  remove(): void {
    try {
      fs.rmdirSync(this.dir);
    } catch {
      // Still held by a process being killed: an empty group costs nothing until then.
    }
  }
}

export interface Sandboxed {
  child: ChildProcess;
  /** Whether the memory and process caps hold for the whole process tree (cgroups), not only the heap. */
  contained: boolean;
  release(): void;
}

let serial = 0;
let swept = false;

function serverAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Groups left by runners of processes that ended before theirs did: the empty ones go. */
function sweep(): void {
  swept = true;
  for (const kind of ['memory', 'pids', 'cpu']) {
    const root = path.join('/sys/fs/cgroup', kind, 'wharf-runners');
    for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
      const owner = /^(\d+)-\d+$/.exec(name);
      // Another server's group may be empty only because its sandbox has not joined it yet.
      if (!owner || serverAlive(Number(owner[1]))) continue;
      try {
        fs.rmdirSync(path.join(root, name));
      } catch {
        // Still in use.
      }
    }
  }
}

/**
 * Starts a sandbox at a lower CPU priority than the server, with an empty environment (bwrap's
 * own process is the namespace's first one, and its environment is readable there), and puts
 * it in its memory and process groups before the caller lets it load any code.
 */
export function startSandbox(codeDir: string, limits: SandboxLimits, args: string[] = sandboxArgs(codeDir, limits)): Sandboxed {
  if (!swept) sweep();
  const name = `${process.pid}-${(serial += 1)}`;
  const memory = ControlGroup.make('memory', name, { 'memory.limit_in_bytes': String(limits.memoryMb * 2 * 1024 * 1024), 'memory.memsw.limit_in_bytes': String(limits.memoryMb * 2 * 1024 * 1024) })
    ?? ControlGroup.make('memory', name, { 'memory.limit_in_bytes': String(limits.memoryMb * 2 * 1024 * 1024) });
  const pids = ControlGroup.make('pids', name, { 'pids.max': String(limits.maxProcesses) });
  // At most one core each, and a quarter of the server's weight when cores are contended.
  const cpu = ControlGroup.make('cpu', name, { 'cpu.cfs_period_us': '100000', 'cpu.cfs_quota_us': '100000', 'cpu.shares': '256' });
  const groups = memory && pids ? [memory.procs, pids.procs, ...(cpu ? [cpu.procs] : [])] : [];
  const command = ['/usr/bin/nice', '-n', '10', '/usr/bin/prlimit', `--nproc=${limits.maxProcesses * 4}`, '--core=0', BWRAP, ...args];
  // The shell joins the groups itself, then becomes the sandbox: nothing is forked outside them.
  const child = spawn('/bin/sh', ['-c', 'for g in $GROUPS_FILES; do echo $$ > "$g" || exit 97; done; exec "$@"', 'sandbox', ...command], {
    env: { GROUPS_FILES: groups.join(' ') },
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const contained = groups.length > 0;
  return {
    child,
    contained,
    release: () => {
      memory?.remove();
      pids?.remove();
      cpu?.remove();
    },
  };
}
