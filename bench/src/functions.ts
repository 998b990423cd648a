import path from 'node:path';
import { cloudFunctionsApi as api, projectApi } from '@wharf/contract';
import { load, type LoadResult } from './load';
import { ROOT, startProcess, type Started } from './processes';
import { call } from './release';
import type { Row } from './report';

const TRIVIAL = `module.exports.myHandler = async (event) => ({ message: 'Hello, ' + (event.queryStringParameters.name || 'world') + '!' });`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The user-content origin a server printed, reachable from this process. */
export function userContentOf(server: Started): string {
  const m = /User content[^:]*: (http:\/\/\S+?)\/?\s/.exec(server.output());
  if (!m) throw new Error('the server did not print its user-content origin');
  return m[1]!.replace('usercontent.localhost', '127.0.0.1');
}

export interface FunctionLines {
  rows: Row[];
  report: () => boolean;
  baseline: Started;
}

/**
 * Cloud Functions (issue 23): a trivial function called warm through its HTTP address at
 * `connections` callers, against the same handler in a plain node:http process (target
 * ≥ 0.5×); cold starts with spare runners waiting (target p50 ≤ 150 ms); and 100 slow calls
 * at once past the machine's runners, with /healthz timed while they run.
 */
export async function functionLines(o: { server: Started; headers: Record<string, string>; label: string; connections: number; durationSec: number }): Promise<FunctionLines> {
  const { server, headers, label } = o;
  const base = server.url;
  const content = userContentOf(server);
  const project = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench functions' } })).project as { projectId: string };
  const projectId = project.projectId;
  const make = async (name: string, body: Record<string, unknown>) => {
    const made = (await call(base, headers, api.createFunction, { query: { projectId }, body: { name, ...body } })).function as { functionId: string };
    return { projectId, functionId: made.functionId };
  };

  const baseline = await startProcess(['--import', 'tsx', path.join(ROOT, 'bench/src/function-baseline.ts')], {}, /listening (http:\/\/\S+)/);
  const plainUrl = `${baseline.url}/?name=bench`;
  await make('warm', { code: TRIVIAL, concurrency: 100 });
  const warmUrl = `${content}/functions/${projectId}/warm/$latest?name=bench`;
  for (let i = 0; i < 200; i += 1) await fetch(warmUrl).then((r) => r.text());
  const plain = await load({ name: 'the same handler on plain node:http', url: plainUrl, connections: o.connections, durationSec: o.durationSec });
  const warm = await load({ name: `function HTTP call, warm (trivial) on ${label}`, url: warmUrl, connections: o.connections, durationSec: o.durationSec });
  const rows: Row[] = [{ result: plain, baseline: plain }, { result: warm, baseline: plain, target: { minRpsRatio: 0.5 } }];

  // Cold starts: each edit of $latest is new code, so its first call loads it into a runner
  // (a spare, started while the call before it was answered).
  const cold = await make('cold', { code: TRIVIAL });
  const coldUrl = `${content}/functions/${projectId}/cold/$latest?name=bench`;
  const colds: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    await call(base, headers, api.updateFunction, { query: cold, body: { code: `${TRIVIAL}\n// edit ${i}` } });
    await new Promise((r) => setTimeout(r, 250));
    const started = performance.now();
    const res = await fetch(coldUrl);
    await res.text();
    colds.push(performance.now() - started);
    if (res.headers.get('x-function-version') !== '$latest' || !res.ok) throw new Error(`cold call answered ${res.status}`);
  }
  colds.sort((a, b) => a - b);

  // 100 slow calls at once against a machine of FUNCTIONS_MAX_RUNNERS runners, one call each.
  await make('slow', { code: `module.exports.myHandler = async () => { await new Promise((r) => setTimeout(r, 2000)); return 'slow'; };`, concurrency: 1, timeoutSeconds: 10 });
  const slowUrl = `${content}/functions/${projectId}/slow/$latest`;
  const burst = Promise.all(Array.from({ length: 100 }, () => fetch(slowUrl).then((r) => r.status)));
  const health: LoadResult = await load({ name: 'healthz during 100 slow calls', url: `${base}/healthz`, connections: 10, durationSec: 2 });
  const statuses = await burst;
  const ok = statuses.filter((s) => s === 200).length;
  const throttled = statuses.filter((s) => s === 429).length;

  const p50 = percentile(colds, 50);
  return {
    rows,
    baseline,
    report: () => {
      console.log(`
Cloud Functions on ${label}: warm HTTP calls ${warm.rps.toFixed(0)}/s at ${o.connections} callers (${(warm.rps / plain.rps).toFixed(2)}x plain node:http, target >= 0.5x);
  cold start with spare runners (30 edits of $latest, first call each, end to end): p50 ${p50.toFixed(0)} ms, p99 ${percentile(colds, 99).toFixed(0)} ms (target p50 <= 150 ms);
  100 slow calls at once: ${ok} answered, ${throttled} refused with 429, ${100 - ok - throttled} other; /healthz meanwhile p50 ${health.p50} ms, p99 ${health.p99} ms, ${health.rps.toFixed(0)} req/s`);
      return p50 <= 150 && warm.rps / plain.rps >= 0.5 && ok + throttled === 100;
    },
  };
}
