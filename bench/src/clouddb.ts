import { APP_CLIENT_HEADERS, appApi, buildPath, cloudDbApi, projectApi } from '@wharf/contract';
import { DEFAULT_CLOUD_DB_PERMISSIONS } from '@wharf/rules';
import os from 'node:os';
import path from 'node:path';
import { load, warm, type LoadOptions } from './load';
import { ROOT, startProcess, type Started } from './processes';
import { call } from './release';
import type { Row } from './report';

const ROWS = 10_000;
const CATEGORIES = 50;
const item = (i: number) => ({ id: i, name: `Item ${i}`, price: (i * 7919) % 1000, category: `c${i % CATEGORIES}` });
/** Parse Server keeps `id` for itself (its key is objectId): the same object with the number under another name. */
const parseItem = (i: number) => {
  const { id, ...rest } = item(i);
  return { num: id, ...rest };
};

/** Wharf's side: a project with a zone and a type anyone with the app key may use, 10,000 documents, and its call paths. */
async function wharfSide(base: string, headers: Record<string, string>) {
  const { projectId } = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench Cloud DB' } })).project as { projectId: string };
  const { appId } = (await call(base, headers, appApi.createApp, { body: { projectId, platform: 'android', name: 'Bench Cloud DB app', packageName: `com.bench.cdb${Date.now()}`, category: 'app', defaultLanguage: 'enUS' } })).app as { appId: string };
  await call(base, headers, cloudDbApi.createZone, { query: { projectId }, body: { zoneName: 'main' } });
  const text = (fieldName: string) => ({ fieldName, fieldType: 'String' as const, belongPrimaryKey: false, notNull: false, isNeedEncrypt: false });
  await call(base, headers, cloudDbApi.createObjectType, {
    query: { projectId },
    body: {
      objectTypeName: 'BenchItem',
      fields: [{ fieldName: 'id', fieldType: 'Integer', belongPrimaryKey: true, notNull: true, isNeedEncrypt: false }, text('name'), { fieldName: 'price', fieldType: 'Double', belongPrimaryKey: false, notNull: false, isNeedEncrypt: false }, text('category')],
      indexes: [{ indexName: 'byCategoryPrice', indexList: [{ fieldName: 'category', sortType: 'ASC' }, { fieldName: 'price', sortType: 'ASC' }] }],
      permissions: DEFAULT_CLOUD_DB_PERMISSIONS.map((p) => (p.role === 'World' ? { ...p, rights: ['Read', 'Upsert', 'Delete'] } : p)),
    },
  });
  const client = (await call(base, headers, appApi.getAppClient, { query: { appId } })).client as { clientId: string; apiKey: string };
  const keyHeaders = { [APP_CLIENT_HEADERS.clientId]: client.clientId, [APP_CLIENT_HEADERS.apiKey]: client.apiKey, 'content-type': 'application/json' };
  const at = { zoneName: 'main', objectTypeName: 'BenchItem' };
  const url = (e: Parameters<typeof buildPath>[0]) => `${base}${buildPath(e, at)}`;
  for (let from = 0; from < ROWS; from += 1000) {
    const res = await fetch(url(cloudDbApi.upsertObjects), { method: 'POST', headers: keyHeaders, body: JSON.stringify({ objects: Array.from({ length: 1000 }, (_, i) => item(from + i)) }) });
    if (!res.ok) throw new Error(`seeding Cloud DB: ${res.status} ${await res.text()}`);
  }
  return { keyHeaders, upsertUrl: url(cloudDbApi.upsertObjects), queryUrl: url(cloudDbApi.queryObjects), listenUrl: url(cloudDbApi.listenObjects) };
}

/** Parse Server's side: the same class, index and 10,000 objects, and their objectIds. */
async function parseSide(parse: string) {
  const master = { 'x-parse-application-id': 'bench', 'x-parse-master-key': 'bench-master-key', 'content-type': 'application/json' };
  const made = await fetch(`${parse}/schemas/BenchItem`, {
    method: 'POST',
    headers: master,
    body: JSON.stringify({ className: 'BenchItem', fields: { num: { type: 'Number' }, name: { type: 'String' }, price: { type: 'Number' }, category: { type: 'String' } }, indexes: { byCategoryPrice: { category: 1, price: 1 } }, classLevelPermissions: { find: { '*': true }, get: { '*': true }, create: { '*': true }, update: { '*': true }, delete: { '*': true }, count: { '*': true }, addField: {} } }),
  });
  if (!made.ok) throw new Error(`Parse schema: ${made.status} ${await made.text()}`);
  // One object a request, 20 at a time (Parse's batch route answers 500 to this set-up).
  const ids: string[] = new Array<string>(ROWS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < ROWS) {
        const i = next++;
        const res = await fetch(`${parse}/classes/BenchItem`, { method: 'POST', headers: master, body: JSON.stringify(parseItem(i)) });
        if (!res.ok) throw new Error(`seeding Parse: ${res.status} ${await res.text()}`);
        ids[i] = ((await res.json()) as { objectId: string }).objectId;
      }
    }),
  );
  return { headers: { 'x-parse-application-id': 'bench', 'content-type': 'application/json' }, ids };
}

/**
 * Cloud DB against Parse Server 9 on the same PostgreSQL server (each on a database of its
 * own) for the same four operations on the same 10,000 rows: get by key, a query with a
 * predicate and an order (20 rows), create, update. The reads come first, while both hold
 * the 10,000 rows: after the creates each holds as many more as it managed to write.
 * Target: Wharf ≥3× Parse's req/s, p99 no worse.
 */
export async function cloudDbLines(o: { base: string; headers: Record<string, string>; parseDatabaseUrl: string; connections: number; durationSec: number }): Promise<{ rows: Row[]; parse: Started; listenUrl: string; keyHeaders: Record<string, string>; upsertUrl: string }> {
  const parse = await startProcess(['--import', 'tsx', path.join(ROOT, 'bench/src/parse-server-process.ts')], { PARSE_DATABASE_URL: o.parseDatabaseUrl, TESTING: '', PARSE_SERVER_LOGS_FOLDER: path.join(os.tmpdir(), 'wharf-bench-parse-logs') }, /listening (http:\/\/\S+)/);
  const wharf = await wharfSide(o.base, o.headers);
  const p = await parseSide(parse.url);
  await warm(`${parse.url}/health`);
  const { connections, durationSec } = o;
  const rows: Row[] = [];
  // Each side runs its work for 2 s unmeasured first: the JIT, the pools and the prepared statements warm.
  const pair = async (ours: LoadOptions, theirs: LoadOptions) => {
    for (const o of [ours, theirs]) await load({ ...o, durationSec: 2 });
    const [a, b] = [await load(ours), await load(theirs)];
    rows.push({ result: b, baseline: b });
    rows.push({ result: a, baseline: b, target: { minRpsRatio: 3, maxP99Ratio: 1 } });
  };
  const pick = (n: number) => (n * 7907) % ROWS;
  await pair(
    { name: 'Cloud DB get by key (query on the primary key)', url: wharf.queryUrl, method: 'POST', headers: wharf.keyHeaders, bodyOf: (n) => JSON.stringify({ where: [{ field: 'id', op: 'equalTo', value: pick(n) }] }), connections, durationSec },
    { name: 'Parse Server get by objectId', url: `${parse.url}/classes/BenchItem/${p.ids[0]}`, pathOf: (n) => `/parse/classes/BenchItem/${p.ids[pick(n)]}`, headers: p.headers, connections, durationSec },
  );
  const where = (n: number) => `c${n % CATEGORIES}`;
  await pair(
    { name: 'Cloud DB query (category =, order by price, 20 rows of 10k)', url: wharf.queryUrl, method: 'POST', headers: wharf.keyHeaders, bodyOf: (n) => JSON.stringify({ where: [{ field: 'category', op: 'equalTo', value: where(n) }], orderBy: [{ field: 'price' }], limit: 20 }), connections, durationSec },
    { name: 'Parse Server query (same, 20 rows)', url: `${parse.url}/classes/BenchItem`, pathOf: (n) => `/parse/classes/BenchItem?where=${encodeURIComponent(JSON.stringify({ category: where(n) }))}&order=price&limit=20`, headers: p.headers, connections, durationSec },
  );
  let created = ROWS * 10;
  await pair(
    { name: 'Cloud DB create (upsert one new document)', url: wharf.upsertUrl, method: 'POST', headers: wharf.keyHeaders, bodyOf: () => JSON.stringify({ objects: [item((created += 1))] }), connections, durationSec },
    { name: 'Parse Server create (POST /classes)', url: `${parse.url}/classes/BenchItem`, method: 'POST', headers: p.headers, bodyOf: (n) => JSON.stringify(parseItem(ROWS * 20 + n)), connections, durationSec },
  );
  await pair(
    { name: 'Cloud DB update (upsert an existing document)', url: wharf.upsertUrl, method: 'POST', headers: wharf.keyHeaders, bodyOf: (n) => JSON.stringify({ objects: [{ ...item(pick(n)), price: n % 1000 }] }), connections, durationSec },
    { name: 'Parse Server update (PUT /classes/:id)', url: `${parse.url}/classes/BenchItem/${p.ids[0]}`, method: 'PUT', pathOf: (n) => `/parse/classes/BenchItem/${p.ids[pick(n)]}`, bodyOf: (n) => JSON.stringify({ price: n % 1000 }), headers: p.headers, connections, durationSec },
  );
  return { rows, parse, listenUrl: wharf.listenUrl, keyHeaders: wharf.keyHeaders, upsertUrl: wharf.upsertUrl };
}
