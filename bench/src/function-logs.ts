import pg from 'pg';
import { buildPath, cloudFunctionsApi, projectApi } from '@wharf/contract';
import { call } from './release';

const LINES = 1_000_000;

/**
 * A function with a million log lines over the last 7 days (a line a call in five is a
 * warning or an error; one in a thousand names a gateway timeout), seeded in SQL: the
 * Logs tab's searches are measured at the size issue 24 names without running the calls.
 */
async function seed(url: string, functionId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into function_log_lines (function_id, invocation_id, request_id, version, at, level, message)
       select $1::uuid, gen_random_uuid(), 'req-' || (g / 4), case when g % 3 = 0 then '$latest' else '1' end,
              now() - ((g::float / $2) * interval '7 days'),
              case when g % 10 = 1 then 'warn' when g % 10 = 2 then 'error' when g % 50 = 3 then 'debug' else 'info' end,
              case when g % 1000 = 7 then 'gateway timeout after 3000 ms calling payments for order ' || g
                   when g % 10 = 2 then 'payment declined for order ' || g || ': card expired'
                   when g % 10 = 1 then 'stock low for item ' || (g % 5000) || ' in warehouse ' || (g % 7)
                   else 'order ' || g || ' received from user ' || (g % 20000) || ' with ' || (g % 9 + 1) || ' items' end
         from generate_series(0, $2::int - 1) g`,
      [functionId, LINES],
    );
    await client.query('analyze function_log_lines');
  } finally {
    await client.end();
  }
}

async function timeIt(url: string, headers: Record<string, string>, times: number): Promise<{ p50: number; p99: number; found: number }> {
  const took: number[] = [];
  let found = 0;
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    found = ((await res.json()) as { items: unknown[] }).items.length;
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(took.length * 0.5)]!, p99: took[Math.min(took.length - 1, Math.floor(took.length * 0.99))]!, found };
}

/** Issue 24's log search target: p50 ≤ 100 ms over a million lines, for each kind of search a person makes. */
export async function functionLogsReport(base: string, headers: Record<string, string>, url: string): Promise<() => boolean> {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench function logs' } })).project as { projectId: string };
  const fn = (await call(base, headers, cloudFunctionsApi.createFunction, { query: { projectId: project.projectId }, body: { name: 'logged' } })).function as { functionId: string };
  const started = performance.now();
  await seed(url, fn.functionId);
  const seeded = (performance.now() - started) / 1000;
  const q = (extra: Record<string, string>) => `${base}${buildPath(cloudFunctionsApi.searchLogs)}?${new URLSearchParams({ projectId: project.projectId, functionId: fn.functionId, pageSize: '100', ...extra })}`;
  const searches: Array<[string, Record<string, string>]> = [
    ['the newest page', {}],
    ['a common word ("received")', { text: 'received' }],
    ['two words, rare ("gateway timeout")', { text: 'gateway timeout' }],
    ['a prefix of a number ("99999")', { text: '99999' }],
    ['errors only', { levels: 'error' }],
    ['one request id', { requestId: 'req-123456' }],
    ['words and a level ("declined", error)', { text: 'declined', levels: 'error' }],
  ];
  const results: Array<[string, Awaited<ReturnType<typeof timeIt>>]> = [];
  for (const [what, extra] of searches) results.push([what, await timeIt(q(extra), headers, 30)]);
  return () => {
    const met = results.every(([, r]) => r.p50 <= 100);
    console.log(`
Function log search over ${(LINES / 1e6).toFixed(0)} million lines on PostgreSQL (seeded in ${seeded.toFixed(0)} s, one person asking, pages of 100; target p50 ≤ 100 ms: ${met ? 'met' : 'MISSED'}):
${results.map(([what, r]) => `  ${what.padEnd(40)} p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms (${r.found} lines)`).join('\n')}`);
    return met;
  };
}
