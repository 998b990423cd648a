import pg from 'pg';
import { analyticsApi, appApi, buildPath, projectApi } from '@wharf/contract';
import { call } from './release';

const DAYS = 90;
const NAMES = ['screen_view', 'session_start', 'session_end', 'level_up', 'tutorial_begin', 'tutorial_complete', 'purchase'];

/**
 * An app with `events` raw events over the last 90 days (20 a device-day, devices active on
 * a few days each), and the rollups made from exactly those events, seeded in SQL: the
 * dashboards are measured on data of the size issue 21 names without sending it first.
 */
async function seed(url: string, appId: string, events: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const today = new Date();
    for (let i = 0; i <= DAYS; i += 1) {
      const day = new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10);
      const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
      await client.query(`create table if not exists analytics_events_${day.replaceAll('-', '')} partition of analytics_events for values from ('${day}') to ('${next}')`);
    }
    const deviceDays = Math.ceil(events / 20);
    const devices = Math.max(1, Math.ceil(deviceDays / 5));
    await client.query(
      `insert into analytics_events (app_id, day, event_id, name, at, instance_id, user_id, app_version, os, country, value, properties)
       select $1::uuid, d.day, 'seed-' || g, ($4::text[])[1 + (g % 7)], d.day::timestamptz + ((g % 86400) || ' seconds')::interval,
              'seed-device-' || d.device, null, '2.' || (d.device % 4) || '.0', case when d.device % 3 = 0 then 'harmonyos' else 'android' end,
              (array['RU','DE','CN','BR','IN','FR'])[1 + d.device % 6], case when g % 7 = 2 then 60 + g % 600 else null end, null
         from generate_series(0, $2::int - 1) g,
              lateral (select (g / 20) % $3::int as device,
                              current_date - ((((g / 20) / $3::int) * 7 + ((g / 20) % $3::int) * 13) % ${DAYS}) as day) d`,
      [appId, events, devices, NAMES],
    );
    await client.query(
      `insert into analytics_daily select app_id, day, name, app_version, country, os, count(*), coalesce(sum(value), 0) from analytics_events where app_id = $1 group by 1, 2, 3, 4, 5, 6`,
      [appId],
    );
    await client.query(`insert into analytics_device_days select distinct app_id, day, instance_id from analytics_events where app_id = $1`, [appId]);
    await client.query(
      `insert into analytics_devices select app_id, instance_id, min(day), max(day), null, max(app_version), max(os), max(country), 'en', 'Pixel 8' from analytics_events where app_id = $1 group by 1, 2`,
      [appId],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

interface Timing {
  p50: number;
  p99: number;
}

/** One caller asking again and again (a person at a dashboard), latency per answer. */
async function timeIt(url: string, headers: Record<string, string>, times: number): Promise<Timing> {
  const took: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(took.length * 0.5)]!, p99: took[Math.min(took.length - 1, Math.floor(took.length * 0.99))]! };
}

async function measure(base: string, headers: Record<string, string>, url: string, events: number) {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: `Bench dashboards ${events}` } })).project as { projectId: string };
  const app = (await call(base, headers, appApi.createApp, { body: { projectId: project.projectId, platform: 'android', name: `Bench dashboards ${events}`, packageName: `com.bench.dash${events}x${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  await call(base, headers, analyticsApi.saveAnalyticsSettings, { query: { appId: app.appId }, body: { timeZone: 'UTC', retentionDays: 365 } });
  const started = performance.now();
  await seed(url, app.appId, events);
  const seeded = (performance.now() - started) / 1000;
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const q = (e: typeof analyticsApi.analyticsOverview | typeof analyticsApi.analyticsRetention | typeof analyticsApi.analyticsFunnel, extra: Record<string, string> = {}) =>
    `${base}${buildPath(e)}?${new URLSearchParams({ appId: app.appId, from, to, ...extra })}`;
  return {
    seeded,
    overview: await timeIt(q(analyticsApi.analyticsOverview, { compare: 'true' }), headers, 40),
    retention: await timeIt(q(analyticsApi.analyticsRetention), headers, 20),
    funnel: await timeIt(q(analyticsApi.analyticsFunnel, { steps: 'tutorial_begin,tutorial_complete,purchase' }), headers, 10),
  };
}

/** Issue 21's dashboard targets: 2 million events over 90 days, and 200,000 for the growth ratio. */
export async function dashboardsReport(base: string, headers: Record<string, string>, url: string): Promise<() => boolean> {
  const small = await measure(base, headers, url, 200_000);
  const large = await measure(base, headers, url, 2_000_000);
  return () => {
    const line = (what: string, s: Timing, l: Timing, target?: { p50?: number; p99: number }) =>
      `  ${what.padEnd(32)} 200k: p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms; 2M: p50 ${l.p50.toFixed(0)} ms, p99 ${l.p99.toFixed(0)} ms (×${(l.p50 / s.p50).toFixed(1)} for ×10 the events${
        target ? `; target${target.p50 ? ` p50 ≤ ${target.p50},` : ''} p99 ≤ ${target.p99}: ${(target.p50 === undefined || l.p50 <= target.p50) && l.p99 <= target.p99 ? 'met' : 'MISSED'}` : ''
      })`;
    console.log(`
Analytics dashboards over 90 days on PostgreSQL (seeded in ${small.seeded.toFixed(0)} s and ${large.seeded.toFixed(0)} s, one person asking):
${line('overview (counts, active users)', small.overview, large.overview, { p50: 50, p99: 200 })}
${line('retention cohorts', small.retention, large.retention)}
${line('funnel, 3 steps', small.funnel, large.funnel, { p99: 1000 })}`);
    return true;
  };
}
