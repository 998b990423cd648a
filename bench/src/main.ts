import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureFreeDisk } from './disk';
import { load, warm, type LoadResult } from './load';
import { startBare, startWharf, type Started } from './processes';
import { printTable, type Row } from './report';
import { signedInHeaders } from './session';
import { ddSeconds, uploadSeconds } from './upload';
import { parseRatio } from './parse';
import { releasedApp } from './release';
import { appUserBench } from './app-users';
import { remoteConfigBench, startBenchExperiments } from './remote-config';
import { ingestionLines } from './analytics';
import { dashboardsReport } from './analytics-dashboards';
import { connectBench, connectUploadSeconds, type ConnectBench } from './publishing';
import { freshDatabase } from './pg-database';
import { cloudDbLines } from './clouddb';
import { liveDelivery } from './clouddb-live';
import { functionLines } from './functions';
import { functionLogsReport } from './function-logs';
import { functionEventsReport } from './function-events';
import { mixedRun, parseMix, printMixed } from './mixed';
import { printScale, versionListScale, type Seeder } from './version-scale';
import { printReviewScale, storeReviewsScale } from './reviews-scale';
import { conversationLines } from './conversation';
import { databaseLines } from './databases';
import { linkLines } from './links';
import { messagingLines } from './messaging';
import { storageLines } from './storage';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startBalancer } from '../../apps/server/src/harness/balancer';

/**
 * `npm run bench`: each benchmark against a bare Fastify route measured in the same run,
 * printed as ratios (absolute numbers depend on the machine; ratios travel).
 * Options: --duration N (seconds per measurement, default 10), --connections N (default 50),
 * --mixed-seconds N (the mixed load run, default 60; env BENCH_MIXED_SECONDS), --soak (a
 * 10-minute mixed run), --list-duration N (seconds per version-list measurement, default 5),
 * --list-connections N (default 10),
 * --upload-mb N (0 skips the upload), --only a,b (sections: routes, storage, links, messages, analytics, clouddb, functions, upload, parse, mixed, versions),
 * --db pglite|postgres (one database only; PostgreSQL runs when DATABASE_URL is set),
 * --instances N (the mixed run on PostgreSQL through N server processes behind a
 * round-robin balancer, sharing the database and the stored files; default 1),
 * --mix 'kind=weight,…' (the mixed run's weights instead of its default mix, e.g.
 * --mix 'app list=1' to see one kind's CPU per request alone).
 */
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const durationSec = opt('duration', 10);
const connections = opt('connections', 50);
const uploadMb = opt('upload-mb', 1024);
const mixedSeconds = args.includes('--soak') ? 600 : opt('mixed-seconds', Number(process.env.BENCH_MIXED_SECONDS ?? 60));
const listDurationSec = opt('list-duration', 5);
// Ten connections: the version list's p50 should show the query, not the queue of 50.
const listConnections = opt('list-connections', 10);
const mixArg = args.indexOf('--mix');
const mix = mixArg >= 0 ? parseMix(args[mixArg + 1] ?? '') : undefined;
const onlyArg = args.indexOf('--only');
const sections = new Set(onlyArg >= 0 ? (args[onlyArg + 1] ?? '').split(',') : ['routes', 'clouddb', 'functions', 'upload', 'parse', 'mixed', 'versions']);

interface Target {
  label: string;
  env: Record<string, string>;
}

const instanceCount = opt('instances', 1);
const dbArg = args.indexOf('--db');
const dbChoice = dbArg >= 0 ? args[dbArg + 1] : 'both';
const targets: Target[] = [];
if (dbChoice !== 'postgres') targets.push({ label: 'PGlite', env: { DATABASE_URL: '' } });
if (process.env.DATABASE_URL && dbChoice !== 'pglite') targets.push({ label: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });

const started: Started[] = [];
const uploads: string[] = [];

/** Our streamed upload against dd writing the same bytes to the same disk, in this run. */
async function measureUpload(server: Started, headers: Record<string, string>, dir: string, ci: ConnectBench, appId: string): Promise<string> {
  const dd = ddSeconds(dir, uploadMb);
  const ours = await uploadSeconds(server.url, headers, uploadMb, server.child.pid!);
  const ratio = dd / ours.seconds;
  const growthMb = ours.peakRssGrowth / 1024 ** 2;
  const signed = await connectUploadSeconds(server.url, ci, appId, uploadMb);
  const signedRatio = ddSeconds(dir, uploadMb) / signed;
  return [
    `upload ${uploadMb} MiB: dd ${dd.toFixed(2)} s, ours ${ours.seconds.toFixed(2)} s, throughput ratio ${ratio.toFixed(2)} (target ≥0.7 ${ratio >= 0.7 ? 'met' : 'MISSED'})`,
    `server memory growth during the upload: ${growthMb.toFixed(1)} MiB (target <64 ${growthMb < 64 ? 'met' : 'MISSED'})`,
    `Connect API upload ${uploadMb} MiB (upload-url/for-obs with SHA-256, then the PUT): ${signed.toFixed(2)} s, throughput ratio to dd ${signedRatio.toFixed(2)} (target ≥0.7 ${signedRatio >= 0.7 ? 'met' : 'MISSED'})`,
  ].join('\n');
}
/**
 * The first instance's companions on the same database and data directory (its stored files;
 * s3rver would measure s3rver), and the balancer in front of all of them.
 */
async function moreInstances(first: Started, env: Record<string, string>, extra: number) {
  const others = await Promise.all(Array.from({ length: extra }, () => startWharf(env)));
  started.push(...others);
  for (const o of others) await warm(`${o.url}/healthz`);
  const balancer = await startBalancer([first, ...others].map((s) => s.url));
  return {
    url: balancer.url,
    // The balancer runs in the bench's process, so its CPU counts as the client's.
    pids: [first, ...others].flatMap((s) => (s.child.pid ? [s.child.pid] : [])),
    close: async () => {
      await balancer.close();
      for (const o of others) await o.stop();
    },
  };
}
const dirs: string[] = [];
/** Reports printed after the table, in the order measured. */
const reports: Array<() => boolean> = [];
const cleanups: Array<() => Promise<void>> = [];
try {
  if (!(await ensureFreeDisk(os.tmpdir(), 512 * 1024 * 1024))) process.exit(1);
  const bare = await startBare();
  started.push(bare);
  await warm(`${bare.url}/healthz`);
  const rows: Row[] = [];
  let baseline: LoadResult = await load({ name: 'bare Fastify route', url: `${bare.url}/healthz`, connections, durationSec });
  if (sections.has('routes')) rows.push({ result: baseline, baseline });
  for (const t of targets) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-bench-'));
    dirs.push(dataDir);
    const env = { ...t.env };
    if (env.DATABASE_URL) {
      const db = await freshDatabase(env.DATABASE_URL);
      cleanups.push(db.drop);
      env.DATABASE_URL = db.url;
    }
    // Approval at once and no demo seed: the bench releases its own app (the seed's name).
    // The bench is one address and one app: the per-address and per-app limits of devices are lifted.
    // One sealing key for every instance of the run.
    const wharfEnv = { ...env, DATA_DIR: dataDir, SECRETS_KEY: randomBytes(32).toString('base64'), AUTO_APPROVE: 'on', DEMO_SEED: 'off', RATE_LIMITS: JSON.stringify({ remoteConfigFetch: { limit: 1e9, windowMs: 60_000 }, analyticsDevice: { limit: 1e9, windowMs: 60_000 }, analyticsApp: { limit: 1e9, windowMs: 60_000 }, appClient: { limit: 1e9, windowMs: 60_000 }, signIn: { limit: 1e9, windowMs: 60_000 }, anonymousSignUp: { limit: 1e9, windowMs: 60_000 }, apiClient: { limit: 1e9, windowMs: 60_000 }, apiToken: { limit: 1e9, windowMs: 60_000 }, cloudDb: { limit: 1e9, windowMs: 60_000 }, functionHttp: { limit: 1e9, windowMs: 60_000 }, storage: { limit: 1e9, windowMs: 60_000 }, hosting: { limit: 1e9, windowMs: 60_000 }, feedbackWrite: { limit: 1e9, windowMs: 60_000 }, feedbackPerApp: { limit: 1e9, windowMs: 60_000 }, questionnaireAnswer: { limit: 1e9, windowMs: 60_000 }, linkClick: { limit: 1e9, windowMs: 60_000 }, linkPrefix: { limit: 1e9, windowMs: 60_000 }, appMessagingFetch: { limit: 1e9, windowMs: 60_000 } }) };
    let server = await startWharf(wharfEnv);
    started.push(server);
    await warm(`${server.url}/healthz`);
    // Session lookup, membership and role check on every call: must not dominate.
    const headers = await signedInHeaders(server.url);
    // The device update check, the hot path at scale: a real app on shelf, asked anonymously.
    const released = await releasedApp(server.url, headers);
    // The Connect API as a CI job calls it: an API client's token, then its bearer calls.
    const ci = await connectBench(server.url, headers, 'com.dhruv.tipsy');
    if (sections.has('routes')) {
      // Re-measure the baseline right before each target, so drift in the machine's load
      // during the run does not end up in the ratio.
      baseline = await load({ name: `bare Fastify route (before ${t.label})`, url: `${bare.url}/healthz`, connections, durationSec });
      rows.push({ result: baseline, baseline });
      const health = await load({ name: `GET /healthz (db ping) on ${t.label}`, url: `${server.url}/healthz`, connections, durationSec });
      rows.push({ result: health, baseline });
      const config = await load({ name: `GET console/v1/config on ${t.label}`, url: `${server.url}/agc/edge/console/v1/config`, connections, durationSec });
      rows.push({ result: config, baseline });
      const permission = await load({ name: `GET user-permission (signed in) on ${t.label}`, url: `${server.url}/agc/edge/user-permission-service/v1/user-permission`, connections, durationSec, headers });
      rows.push({ result: permission, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.3, maxP99Ratio: 3 } } : {}) });
      const check = await load({ name: `GET app/update (device update check) on ${t.label}`, url: released.checkUrl, connections, durationSec });
      rows.push({ result: check, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.4, maxP99Ratio: 3 } } : {}) });
      // Age rating (issue 29): what the store page shows beside the app, read anonymously.
      const age = await load({ name: `GET agerating/v2/store (store page's age rating) on ${t.label}`, url: released.ageRatingUrl, connections, durationSec });
      rows.push({ result: age, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.4, maxP99Ratio: 3 } } : {}) });
      // Auth Service: a call with the app's key alone (sign-out of no session), the user's own
      // profile with their token on top (verified tokens must cost little: ≥0.8 of the key
      // alone), and email sign-in, whose cost is the password hash's.
      const auth = await appUserBench(server.url, headers);
      const keyOnly = await load({ name: `POST tas client/signout (app key) on ${t.label}`, url: auth.signOutUrl, method: 'POST', body: '{"refreshToken":"none"}', headers: auth.keyHeaders, connections, durationSec });
      rows.push({ result: keyOnly, baseline });
      const me = await load({ name: `GET tas client/user (key + token) on ${t.label}`, url: auth.meUrl, headers: auth.userHeaders, connections, durationSec });
      rows.push({ result: me, baseline: keyOnly, target: { minRpsRatio: 0.8 } });
      const signIn = await load({ name: `POST tas client/signin/email on ${t.label}`, url: auth.signInUrl, method: 'POST', body: auth.signInBody, headers: auth.keyHeaders, connections: Math.min(connections, 10), durationSec });
      rows.push({ result: signIn, baseline });
      const token = await load({ name: `POST /api/oauth2/v1/token (API client) on ${t.label}`, url: ci.tokenUrl, method: 'POST', body: ci.tokenBody, headers: { 'content-type': 'application/json' }, connections, durationSec });
      rows.push({ result: token, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.3, maxP99Ratio: 3 } } : {}) });
      const appIds = await load({ name: `GET /api/publish/v2/appid-list (bearer) on ${t.label}`, url: ci.appIdListUrl, headers: ci.headers, connections, durationSec });
      rows.push({ result: appIds, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.3, maxP99Ratio: 3 } } : {}) });
      // Remote configuration (issue 27): a fetch with 20 parameters and 10 conditions, a new
      // device each time (its share-of-users hashes are computed), and a device revalidating.
      const rc = await remoteConfigBench(server.url, headers);
      let device = 0;
      const rcFetch = await load({ name: `POST rcs client/fetch (20 parameters, 10 conditions) on ${t.label}`, url: `${server.url}${rc.fetchPath('bench-device-0')}`, pathOf: () => rc.fetchPath(`bench-device-${(device += 1)}`), method: 'POST', body: rc.body, headers: rc.keyHeaders, connections, durationSec });
      rows.push({ result: rcFetch, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.4, maxP99Ratio: 3 } } : {}) });
      const rc304 = await load({ name: `POST rcs client/fetch, unchanged (304) on ${t.label}`, url: `${server.url}${rc.fetchPath(rc.fixedDevice)}`, method: 'POST', body: rc.body, headers: { ...rc.keyHeaders, 'if-none-match': rc.etag }, expectStatus: 304, connections, durationSec });
      rows.push({ result: rc304, baseline });
      // A/B Testing (issue 27): the same fetch with two running experiments to assign and lay over.
      await startBenchExperiments(server.url, headers, rc.appId);
      const abFetch = await load({ name: `POST rcs client/fetch with 2 running A/B experiments on ${t.label}`, url: `${server.url}${rc.fetchPath('bench-ab-0')}`, pathOf: () => rc.fetchPath(`bench-ab-${(device += 1)}`), method: 'POST', body: rc.body, headers: rc.keyHeaders, connections, durationSec });
      rows.push({ result: abFetch, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.4, maxP99Ratio: 3 } } : {}) });
      // Feedback and questionnaires (issue 30): what users send the team.
      rows.push(...(await conversationLines({ base: server.url, headers, appId: released.appId, label: t.label, baseline, connections, durationSec })));
      // Database management (issue 25) exists on PostgreSQL only.
      if (env.DATABASE_URL) rows.push(...(await databaseLines({ base: server.url, headers, label: t.label, baseline, connections, durationSec, adminUrl: env.DATABASE_URL })));
      reports.push(() => {
        console.log(`
App-user sign-in on ${t.label}: ${signIn.rps.toFixed(0)} req/s with argon2id at ${process.env.ARGON2_MEMORY_KIB ?? '19456'} KiB, 2 passes, 1 lane (one server process, ${Math.min(connections, 10)} connections)`);
        return true;
      });
    }
    // Cloud Storage and Hosting (issue 26): downloads and pages against @fastify/static serving the same files.
    if (sections.has('routes') || sections.has('storage')) {
      const st = await storageLines({ server, headers, projectId: released.projectId, appId: released.appId, label: t.label, connections, durationSec });
      started.push(st.baseline);
      rows.push(...st.rows);
      reports.push(st.report);
    }
    // App Linking and App Messaging (issue 28): a short link's redirect and a device's message fetch against the bare route.
    if (sections.has('routes') || sections.has('links') || sections.has('messages')) {
      const linkBaseline = await load({ name: `bare Fastify route (before App Linking on ${t.label})`, url: `${bare.url}/healthz`, connections, durationSec });
      rows.push({ result: linkBaseline, baseline: linkBaseline });
      if (!sections.has('messages') || sections.has('routes') || sections.has('links')) rows.push(...(await linkLines({ server, headers, projectId: released.projectId, appId: released.appId, label: t.label, baseline: linkBaseline, connections, durationSec })));
      if (!sections.has('links') || sections.has('routes') || sections.has('messages')) rows.push(...(await messagingLines({ server, headers, appId: released.appId, label: t.label, baseline: linkBaseline, connections, durationSec })));
    }
    // Cloud DB (issue 22) against Parse Server 9 on the same PostgreSQL server: PostgreSQL only.
    if (sections.has('clouddb') && env.DATABASE_URL) {
      const parseDb = await freshDatabase(process.env.DATABASE_URL!);
      cleanups.push(parseDb.drop);
      const c = await cloudDbLines({ base: server.url, headers, parseDatabaseUrl: parseDb.url, connections, durationSec });
      started.push(c.parse);
      rows.push(...c.rows);
      const live = await liveDelivery({ listenUrl: c.listenUrl, upsertUrl: c.upsertUrl, headers: c.keyHeaders, subscribers: 1000, writes: 20 });
      await c.parse.stop();
      reports.push(() => (console.log(`\n${live.line}`), live.met));
    }
    // Issue 7: the mixed run on the last target (PostgreSQL when given), the production shape,
    // before the sections that seed millions of rows (function logs, analytics events): run
    // after them, the same mix cost the bench's client twice its CPU per request and
    // PostgreSQL a quarter more than run alone (docs/performance.md).
    // The uploaded packages' files stay in the data directory for the run: room for about
    // 8 MiB a second of it, well above what the mix uploads.
    if (sections.has('mixed') && t === targets[targets.length - 1] && mixedSeconds > 0 && (await ensureFreeDisk(dataDir, mixedSeconds * 8 * 1024 * 1024))) {
      const mixedBaseline = await load({ name: `bare Fastify route (before the mixed run)`, url: `${bare.url}/healthz`, connections, durationSec: Math.min(durationSec, 5) });
      const cluster = instanceCount > 1 && env.DATABASE_URL ? await moreInstances(server, wharfEnv, instanceCount - 1) : null;
      const r = await mixedRun(server, headers, released, { seconds: mixedSeconds, connections, database: env.DATABASE_URL ? 'postgres' : 'pglite', ...(mix ? { mix } : {}), ...(cluster ? { base: cluster.url, serverPids: cluster.pids } : {}) });
      await cluster?.close();
      const label = cluster ? `${t.label}, ${instanceCount} instances behind a balancer` : t.label;
      reports.push(() => printMixed(label, r, mixedBaseline.rps));
    }
    // Cloud Functions (issue 23): warm calls against plain node:http, cold starts, a burst past the runners.
    if (sections.has('functions')) {
      const fl = await functionLines({ server, headers, label: t.label, connections, durationSec });
      started.push(fl.baseline);
      rows.push(...fl.rows);
      reports.push(fl.report);
      // Log search over a million lines (issue 24, seeded in SQL), and events to functions at 200/s: PostgreSQL, the production shape.
      if (env.DATABASE_URL) reports.push(await functionLogsReport(server.url, headers, env.DATABASE_URL));
      if (env.DATABASE_URL) reports.push(await functionEventsReport(server.url, headers, env.DATABASE_URL));
    }
    if (sections.has('routes') || sections.has('analytics')) {
      // Analytics (issue 21): batches of 50 events, against the bare route parsing the same.
      const ingestion = await ingestionLines({ base: server.url, bareUrl: bare.url, headers, label: t.label, databaseUrl: env.DATABASE_URL, connections, durationSec });
      rows.push(...ingestion.rows);
      reports.push(ingestion.report);
      // Dashboards over 2 million events (seeded in SQL): PostgreSQL, the production shape.
      if (env.DATABASE_URL) reports.push(await dashboardsReport(server.url, headers, env.DATABASE_URL));
    }
    if (sections.has('versions')) {
      const seeder: Seeder = env.DATABASE_URL
        ? {
            url: () => server.url,
            async sql(statements) {
              const client = new pg.Client({ connectionString: env.DATABASE_URL });
              await client.connect();
              try {
                let last: Array<Record<string, unknown>> = [];
                for (const q of statements) last = (await client.query(q)).rows as Array<Record<string, unknown>>;
                return last;
              } finally {
                await client.end();
              }
            },
          }
        : {
            url: () => server.url,
            // The embedded database has one opener: the server stops while the bench seeds.
            async sql(statements) {
              await server.stop();
              const db = await PGlite.create(path.join(dataDir, 'db'));
              let last: Array<Record<string, unknown>> = [];
              try {
                for (const q of statements) last = (await db.query<Record<string, unknown>>(q)).rows;
              } finally {
                await db.close();
              }
              server = await startWharf(wharfEnv);
              started.push(server);
              await warm(`${server.url}/healthz`, 1);
              return last;
            },
          };
      const scale = await versionListScale(seeder, headers, { label: t.label, connections: listConnections, durationSec: listDurationSec });
      reports.push(() => printScale(t.label, scale));
      // Issue 29: the store page's reviews of the released app, 1,000 then 100,000 of them.
      const reviewScale = await storeReviewsScale(seeder, released.appId, { label: t.label, connections: listConnections, durationSec: listDurationSec });
      const bareRps = baseline.rps;
      reports.push(() => printReviewScale(t.label, reviewScale, bareRps));
    }
    if (sections.has('upload') && t === targets[0] && uploadMb > 0) {
      if (await ensureFreeDisk(dataDir, 3 * uploadMb * 1024 * 1024)) uploads.push(await measureUpload(server, headers, dataDir, ci, released.appId));
    }
    await server.stop();
  }
  if (rows.length) printTable(rows);
  for (const report of reports) report();
  if (uploads.length) console.log(`\n${uploads.join('\n')}`);
  if (sections.has('parse')) console.log(await parseRatio());
  console.log(`\n(${connections} connections, ${durationSec} s each; ratios against a bare Fastify route in its own process, measured in this run)`);
} finally {
  for (const s of started.reverse()) await s.stop().catch(() => undefined);
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  for (const c of cleanups) await c().catch(() => undefined);
}
