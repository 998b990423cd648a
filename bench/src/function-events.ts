import autocannon from 'autocannon';
import pg from 'pg';
import { appUsersApi, cloudFunctionsApi } from '@wharf/contract';
import { appUserBench } from './app-users';
import { call } from './release';

const RATE = 200;
const SECONDS = 10;

/**
 * Issue 24's event delivery: anonymous sign-ups at 200 a second (each an Auth Service
 * event), a function subscribed to them, and the delay from each event to its function's
 * call — the event bus's delivery (its transaction writes the run), then the trigger
 * runner taking the run — read from the database after the load: the run's time is the
 * event's, the invocation's start is when the function was called.
 */
export async function functionEventsReport(base: string, headers: Record<string, string>, url: string): Promise<() => boolean> {
  const auth = await appUserBench(base, headers, 'Bench function events');
  const fn = (await call(base, headers, cloudFunctionsApi.createFunction, { query: { projectId: auth.projectId }, body: { name: 'welcome', code: 'module.exports.myHandler = async (event) => event.user.uid;', concurrency: 20 } })).function as { functionId: string };
  await call(base, headers, cloudFunctionsApi.createTrigger, { query: { projectId: auth.projectId, functionId: fn.functionId }, body: { name: 'sign-ups', event: { source: 'auth', types: ['userCreated'] } } });
  const sent = await autocannon({
    url: `${base}${appUsersApi.signInAnonymously.fullPath}`,
    method: 'POST',
    headers: auth.keyHeaders,
    body: '{}',
    connections: 10,
    overallRate: RATE,
    duration: SECONDS,
  });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows: Array<{ n: number; done: number; p50: number | null; p99: number | null }>;
  try {
    // Everything sent is delivered and run before it is measured (at most a minute more).
    const want = sent.requests.total - sent.non2xx;
    for (let i = 0; i < 120; i++) {
      const { rows: [r] } = await client.query<{ n: number }>(`select count(*)::int as n from function_invocations where function_id = $1`, [fn.functionId]);
      if ((r?.n ?? 0) >= want) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    ({ rows } = await client.query(
      `select count(*)::int as n, count(*) filter (where r.state = 'done')::int as done,
              percentile_cont(0.5) within group (order by extract(epoch from i.started_at - r.scheduled_for) * 1000) as p50,
              percentile_cont(0.99) within group (order by extract(epoch from i.started_at - r.scheduled_for) * 1000) as p99
         from function_trigger_runs r join function_invocations i on i.request_id = r.id::text and i.function_id = r.function_id
        where r.function_id = $1`,
      [fn.functionId],
    ));
  } finally {
    await client.end();
  }
  const r = rows[0]!;
  const sentOk = sent.requests.total - sent.non2xx;
  return () => {
    console.log(`
Function event triggers on PostgreSQL: ${sentOk} sign-ups at ${RATE}/s for ${SECONDS} s (${sent.non2xx} refused), ${r.n} calls of the subscribed function (${r.done} done):
  event to invocation p50 ${r.p50 === null ? '—' : r.p50.toFixed(0)} ms, p99 ${r.p99 === null ? '—' : r.p99.toFixed(0)} ms`);
    return r.n === sentOk;
  };
}
