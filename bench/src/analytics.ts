import pg from 'pg';
import { APP_CLIENT_HEADERS, analyticsApi, appApi, buildPath, projectApi } from '@wharf/contract';
import { load } from './load';
import { call } from './release';
import type { Row } from './report';

/** What the analytics lines send: an app's key, the ingestion address and batches of 50 fresh events. */
export interface AnalyticsBench {
  appId: string;
  keyHeaders: Record<string, string>;
  path: (deviceId: string) => string;
  batch: (n: number) => string;
}

export const BATCH = 50;
const NAMES = ['screen_view', 'level_up', 'purchase', 'tutorial_begin', 'select_content'];
const run = Date.now().toString(36);

/** One device's batch as @wharf/analytics sends it: each event with an ID of its own, a few properties, times within the last hour. */
export function batchOf(n: number, now = Date.now()): { context: object; events: object[] } {
  return {
    context: { appVersion: `2.${n % 4}.0`, os: n % 3 ? 'android' : 'harmonyos', country: ['RU', 'DE', 'CN', 'BR'][n % 4], language: 'en', deviceModel: 'Pixel 8' },
    events: Array.from({ length: BATCH }, (_, i) => ({
      id: `${run}-${n}-${i}`,
      name: NAMES[(n + i) % NAMES.length],
      at: now - ((n * 7 + i) % 3600) * 1000,
      ...(i % 5 === 2 ? { value: (i % 7) + 0.99, properties: { item: `sku_${i % 11}`, currency: 'EUR' } } : { properties: { screen: `screen_${i % 9}` } }),
    })),
  };
}

export async function analyticsBench(base: string, headers: Record<string, string>): Promise<AnalyticsBench> {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench analytics' } })).project as { projectId: string };
  const app = (await call(base, headers, appApi.createApp, { body: { projectId: project.projectId, platform: 'android', name: 'Bench measured app', packageName: `com.bench.an${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  const client = (await call(base, headers, appApi.getAppClient, { query: { appId: app.appId } })).client as { clientId: string; apiKey: string };
  const keyHeaders = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
  const path = buildPath(analyticsApi.sendAnalyticsEvents);
  return { appId: app.appId, keyHeaders, path: (deviceId) => `${path}?deviceId=${deviceId}`, batch: (n) => JSON.stringify(batchOf(n)) };
}

/**
 * The floor under ingestion: the same batches as plain multi-row inserts into the same
 * partitioned table, `connections` at a time for `seconds`. Answers events per second.
 */
export async function plainInsert(url: string, appId: string, connections: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  // The day the server filed this app's events under (its time zone's, not UTC's): that
  // partition exists, made by the ingestion measured before.
  const filed = await pool.query<{ day: string }>('select day::text as day from analytics_events where app_id = $1 limit 1', [appId]);
  const day = filed.rows[0]?.day ?? new Date().toISOString().slice(0, 10);
  const columns = 12;
  const placeholders = Array.from({ length: BATCH }, (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(',')})`).join(',');
  const text = `insert into analytics_events (app_id, day, event_id, name, at, instance_id, user_id, app_version, os, country, value, properties) values ${placeholders} on conflict do nothing`;
  const end = Date.now() + seconds * 1000;
  let inserted = 0;
  let n = 1_000_000;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          const b = batchOf((n += 1));
          const ctx = b.context as { appVersion: string; os: string; country: string };
          const values = (b.events as Array<{ id: string; name: string; at: number; value?: number; properties?: object }>).flatMap((e) => [appId, day, `plain-${e.id}`, e.name, new Date(e.at), `bench-plain-${n}`, null, ctx.appVersion, ctx.os, ctx.country, e.value ?? null, JSON.stringify(e.properties ?? null)]);
          await pool.query(text, values);
          inserted += BATCH;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return inserted / seconds;
}

/** Seconds until every stored batch is folded into the counts (polling the pending summaries). */
export async function rollupLag(url: string, timeoutSec = 300): Promise<{ pending: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = Date.now();
  try {
    const count = async () => Number((await client.query('select count(*)::int as n from analytics_pending')).rows[0].n);
    const pending = await count();
    while ((await count()) > 0 && Date.now() - start < timeoutSec * 1000) await new Promise((r) => setTimeout(r, 100));
    return { pending, seconds: (Date.now() - start) / 1000 };
  } finally {
    await client.end();
  }
}

/** Issue 21's burst, in batches of 50. */
const BURST_BATCHES = 10_000;

/** 4,000 instances in turn: at 400 batches a second, each sends one every 10 seconds, as the SDK does. */
function burstOf(bench: Awaited<ReturnType<typeof analyticsBench>>, o: { base: string; connections: number; durationSec: number }) {
  return {
    name: 'ingestion',
    url: `${o.base}${bench.path('bench-device-0')}`,
    pathOf: (n: number) => bench.path(`bench-device-${n % 4000}`),
    method: 'POST' as const,
    bodyOf: (n: number) => bench.batch(n),
    headers: bench.keyHeaders,
    connections: o.connections,
    durationSec: o.durationSec,
  };
}

export interface IngestionLines {
  rows: Row[];
  report: () => boolean;
}

/**
 * Issue 21's ingestion lines: batches of 50 events from 4,000 instances in turn against the
 * bare route receiving the same batches; on PostgreSQL also a plain multi-row insert of them
 * and the rollup's lag after the burst. Events per second are batches per second × 50.
 */
export async function ingestionLines(o: { base: string; bareUrl: string; headers: Record<string, string>; label: string; databaseUrl?: string | undefined; connections: number; durationSec: number }): Promise<IngestionLines> {
  const bench = await analyticsBench(o.base, o.headers);
  const bare = await load({ name: `bare POST of the same batches (${o.label})`, url: `${o.bareUrl}/batch`, method: 'POST', headers: { 'content-type': 'application/json' }, bodyOf: (n) => bench.batch(n), connections: o.connections, durationSec: o.durationSec });
  const ingest = await load({ ...burstOf(bench, o), name: `POST ha/v1/client/events (${BATCH} events a batch) on ${o.label}` });
  // Then issue 21's burst: 500,000 events (10,000 batches) as fast as they are taken, and how
  // long the rollup needs after the last is answered. Batches numbered past the timed run's, so none is a duplicate.
  const lag = o.databaseUrl
    ? await (async () => {
        await rollupLag(o.databaseUrl!);
        const started = performance.now();
        await load({ ...burstOf(bench, o), name: 'burst', amount: BURST_BATCHES, bodyOf: (n) => bench.batch(10_000_000 + n) });
        return { ...(await rollupLag(o.databaseUrl!)), burstSeconds: (performance.now() - started) / 1000 };
      })()
    : null;
  const plain = o.databaseUrl ? await plainInsert(o.databaseUrl, bench.appId, o.connections, o.durationSec) : null;
  return {
    rows: [{ result: bare, baseline: bare }, { result: ingest, baseline: bare }],
    report: () => {
      const events = ingest.rps * BATCH;
      console.log(`
Analytics ingestion on ${o.label}: ${events.toFixed(0)} validated events/s in batches of ${BATCH} (target ≥ 20,000 on PostgreSQL: ${events >= 20_000 ? 'met' : 'MISSED'}); the bare route parses ${(bare.rps * BATCH).toFixed(0)} events/s${plain ? `; plain multi-row inserts into the partitioned table ${plain.toFixed(0)} events/s (ingestion is ${(events / plain).toFixed(2)} of it)` : ''}${lag ? `; a burst of ${(BURST_BATCHES * BATCH).toLocaleString('en')} events taken in ${lag.burstSeconds.toFixed(1)} s, then folded ${lag.seconds.toFixed(1)} s after its last answer (${lag.pending * BATCH} events pending then)` : ''}`);
      return true;
    },
  };
}
