import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time spent by the processes of a run, read from /proc (Linux; elsewhere nothing):
 * with every process on the same cores, a mixed run's throughput is bounded by the sum
 * of their CPU per request, so the report shows whose share is whose.
 */
export interface CpuSample {
  server: number;
  database: number;
  client: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux builds). */
const TICKS = 100;

function ticksOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields count from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** PostgreSQL's processes on this machine (its backends, writer and WAL writer); none when it runs elsewhere. */
function postgresTicks(): number {
  let sum = 0;
  let pids: string[] = [];
  try {
    pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += ticksOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

export function cpuNow(serverPids: number[]): CpuSample {
  const own = process.cpuUsage();
  return {
    server: serverPids.reduce((s, pid) => s + ticksOf(pid), 0) / TICKS,
    database: postgresTicks() / TICKS,
    client: (own.user + own.system) / 1e6,
  };
}

/** CPU milliseconds per request of each party between two samples, and the throughput the machine's cores would allow. */
export function cpuPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuSample & { ceiling: number; cores: number } {
  const per = (k: keyof CpuSample) => ((after[k] - before[k]) * 1000) / Math.max(1, requests);
  const out = { server: per('server'), database: per('database'), client: per('client') };
  const cores = os.availableParallelism();
  const total = out.server + out.database + out.client;
  return { ...out, cores, ceiling: total > 0 ? (cores * 1000) / total : 0 };
}
