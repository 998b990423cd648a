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
import { freshDatabase } from './pg-database';

/**
 * `npm run bench`: each benchmark against a bare Fastify route measured in the same run,
 * printed as ratios (absolute numbers depend on the machine; ratios travel).
 * Options: --duration N (seconds per measurement, default 10), --connections N (default 50).
 */
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const durationSec = opt('duration', 10);
const connections = opt('connections', 50);
const uploadMb = opt('upload-mb', 1024);

interface Target {
  label: string;
  env: Record<string, string>;
}

const targets: Target[] = [{ label: 'PGlite', env: { DATABASE_URL: '' } }];
if (process.env.DATABASE_URL) targets.push({ label: 'PostgreSQL', env: { DATABASE_URL: process.env.DATABASE_URL } });

const started: Started[] = [];
const uploads: string[] = [];

/** Our streamed upload against dd writing the same bytes to the same disk, in this run. */
async function measureUpload(server: Started, headers: Record<string, string>, dir: string): Promise<string> {
  const dd = ddSeconds(dir, uploadMb);
  const ours = await uploadSeconds(server.url, headers, uploadMb, server.child.pid!);
  const ratio = dd / ours.seconds;
  const growthMb = ours.peakRssGrowth / 1024 ** 2;
  return [
    `upload ${uploadMb} MiB: dd ${dd.toFixed(2)} s, ours ${ours.seconds.toFixed(2)} s, throughput ratio ${ratio.toFixed(2)} (target ≥0.7 ${ratio >= 0.7 ? 'met' : 'MISSED'})`,
    `server memory growth during the upload: ${growthMb.toFixed(1)} MiB (target <64 ${growthMb < 64 ? 'met' : 'MISSED'})`,
  ].join('\n');
}
const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
try {
  if (!(await ensureFreeDisk(os.tmpdir(), 512 * 1024 * 1024))) process.exit(1);
  const bare = await startBare();
  started.push(bare);
  await warm(`${bare.url}/healthz`);
  const rows: Row[] = [];
  let baseline: LoadResult = await load({ name: 'bare Fastify route', url: `${bare.url}/healthz`, connections, durationSec });
  rows.push({ result: baseline, baseline });
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
    const server = await startWharf({ ...env, DATA_DIR: dataDir, AUTO_APPROVE: 'on', DEMO_SEED: 'off' });
    started.push(server);
    await warm(`${server.url}/healthz`);
    // Re-measure the baseline right before each target, so drift in the machine's load
    // during the run does not end up in the ratio.
    baseline = await load({ name: `bare Fastify route (before ${t.label})`, url: `${bare.url}/healthz`, connections, durationSec });
    rows.push({ result: baseline, baseline });
    const health = await load({ name: `GET /healthz (db ping) on ${t.label}`, url: `${server.url}/healthz`, connections, durationSec });
    rows.push({ result: health, baseline });
    const config = await load({ name: `GET console/v1/config on ${t.label}`, url: `${server.url}/agc/edge/console/v1/config`, connections, durationSec });
    rows.push({ result: config, baseline });
    // Session lookup, membership and role check on every call: must not dominate.
    const headers = await signedInHeaders(server.url);
    const permission = await load({ name: `GET user-permission (signed in) on ${t.label}`, url: `${server.url}/agc/edge/user-permission-service/v1/user-permission`, connections, durationSec, headers });
    rows.push({ result: permission, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.3, maxP99Ratio: 3 } } : {}) });
    // The device update check, the hot path at scale: a real app on shelf, asked anonymously.
    const checkUrl = await releasedApp(server.url, headers);
    const check = await load({ name: `GET app/update (device update check) on ${t.label}`, url: checkUrl, connections, durationSec });
    rows.push({ result: check, baseline, ...(t.label === 'PostgreSQL' ? { target: { minRpsRatio: 0.4, maxP99Ratio: 3 } } : {}) });
    if (t === targets[0] && uploadMb > 0) {
      if (await ensureFreeDisk(dataDir, 2 * uploadMb * 1024 * 1024)) uploads.push(await measureUpload(server, headers, dataDir));
    }
    await server.stop();
  }
  printTable(rows);
  if (uploads.length) console.log(`\n${uploads.join('\n')}`);
  console.log(await parseRatio());
  console.log(`\n(${connections} connections, ${durationSec} s each; ratios against a bare Fastify route in its own process, measured in this run)`);
} finally {
  for (const s of started.reverse()) await s.stop().catch(() => undefined);
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  for (const c of cleanups) await c().catch(() => undefined);
}
