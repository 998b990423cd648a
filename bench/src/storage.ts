import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { APP_CLIENT_HEADERS, appApi, fileApi, hostingApi, storageApi } from '@wharf/contract';
import { buildZip } from '@wharf/parsers/test-kit';
import { userContentOf } from './functions';
import { load } from './load';
import { ROOT, startProcess, type Started } from './processes';
import { call } from './release';
import type { Row } from './report';

const BIG_MB = 100;

/** Seconds to read a URL's whole body, best of `n` runs (the body consumed, not kept). */
async function readSeconds(url: string, headers: Record<string, string>, n = 3): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const started = process.hrtime.bigint();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`bench: ${url} answered ${res.status}`);
    const reader = res.body!.getReader();
    while (!(await reader.read()).done);
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return best;
}

/**
 * Cloud Storage and Hosting (issue 26) against @fastify/static serving the same files in its
 * own process: a small file's GET by a device (its key, the bucket's rules, the download
 * counted) at `connections` callers (target ≥ 0.5×), the same file as a hosted site's page
 * (target ≥ 0.8×), and a 100 MiB file's download throughput (target ≥ 0.8×).
 */
export async function storageLines(o: { server: Started; headers: Record<string, string>; projectId: string; appId: string; label: string; connections: number; durationSec: number }): Promise<{ rows: Row[]; report: () => boolean; baseline: Started }> {
  const base = o.server.url;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-bench-static-'));
  const small = randomBytes(16 * 1024);
  const big = randomBytes(BIG_MB * 1024 * 1024);
  await fs.writeFile(path.join(dir, 'small.bin'), small);
  await fs.writeFile(path.join(dir, 'big.bin'), big);
  const baseline = await startProcess(['--import', 'tsx', path.join(ROOT, 'bench/src/static-server.ts')], { STATIC_ROOT: dir }, /listening (http:\/\/\S+)/);

  const query = { projectId: o.projectId };
  const bucket = ((await call(base, o.headers, storageApi.enableStorageService, { query })).bucket as { name: string }).name;
  await call(base, o.headers, storageApi.putBucketRules, { query: { ...query, bucket }, body: { rules: [{ match: '/bench/{file=**}', read: 'true' }] } });
  for (const [name, bytes] of [['bench/small.bin', small], ['bench/big.bin', big]] as const) {
    await call(base, o.headers, storageApi.uploadObject, { query: { ...query, bucket, name }, raw: bytes });
  }
  const client = (await call(base, o.headers, appApi.getAppClient, { query: { appId: o.appId } })).client as { clientId: string; apiKey: string };
  const key = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey };
  const object = (name: string) => `${userContentOf(o.server)}/storage/v0/b/${bucket}/o/${encodeURIComponent(name)}?alt=media`;

  const staticSmall = await load({ name: `@fastify/static GET of a 16 KiB file (before ${o.label})`, url: `${baseline.url}/small.bin`, connections: o.connections, durationSec: o.durationSec });
  const ours = await load({ name: `GET storage 16 KiB file (device key, rules, counted) on ${o.label}`, url: object('bench/small.bin'), headers: key, connections: o.connections, durationSec: o.durationSec });
  // Hosting: the same small file as a page of a deployed site's live channel.
  const site = `bench-${process.pid}`;
  await call(base, o.headers, hostingApi.createSite, { query, body: { name: site } });
  const zip = (await call(base, o.headers, fileApi.uploadObject, { query: { fileName: 'site.zip', contentType: 'application/zip', bizTag: 'file' }, raw: buildZip([{ name: 'index.html', data: '<h1>Bench</h1>' }, { name: 'small.bin', data: small }]) })).object as { objectId: string };
  await call(base, o.headers, hostingApi.deployZip, { query: { ...query, site }, body: { objectId: zip.objectId, channel: 'live' } });
  const page = await load({ name: `GET hosting page of 16 KiB (live channel) on ${o.label}`, url: `${userContentOf(o.server)}/sites/${site}/small.bin`, connections: o.connections, durationSec: o.durationSec });
  const staticBig = await readSeconds(`${baseline.url}/big.bin`, {});
  const oursBig = await readSeconds(object('bench/big.bin'), key);
  const ratio = staticBig / oursBig;
  await fs.rm(dir, { recursive: true, force: true });
  return {
    rows: [
      { result: staticSmall, baseline: staticSmall },
      { result: ours, baseline: staticSmall, target: { minRpsRatio: 0.5 } },
      { result: page, baseline: staticSmall, target: { minRpsRatio: 0.8 } },
    ],
    baseline,
    report: () => {
      console.log(`\nCloud Storage download of a ${BIG_MB} MiB file on ${o.label}: @fastify/static ${staticBig.toFixed(2)} s, ours ${oursBig.toFixed(2)} s (best of 3), throughput ratio ${ratio.toFixed(2)} (target ≥0.8 ${ratio >= 0.8 ? 'met' : 'MISSED'})`);
      return ratio >= 0.8;
    },
  };
}
