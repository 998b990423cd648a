import { appApi, buildPath, projectApi, versionApi } from '@wharf/contract';
import { encodeCursor } from '../../apps/server/src/platform/http/cursor';
import { load, type LoadResult } from './load';
import { call } from './release';

/** Where the bench seeds rows directly: a statement runner for the run's database. */
export interface Seeder {
  /** Runs SQL on the server's database; answers the rows of the last statement. */
  sql(statements: string[]): Promise<Array<Record<string, unknown>>>;
  /** The server's address now (seeding PGlite restarts the server, which changes it). */
  url(): string;
}

/** Issue 6: the version list with 100,000 versions answers within 1.5 times its p50 with 1,000. */
export const TARGET_P50_RATIO = 1.5;

const uuid = (s: string) => (/^[0-9a-f-]{36}$/.test(s) ? s : (() => { throw new Error(`not a uuid: ${s}`); })());

/**
 * Versions as the history of a long-lived app: each went on shelf and was superseded by
 * the next, with two listing languages (the list reads them). Ids are UUIDs as the API
 * creates them; times one minute apart, the newest last.
 */
function seedStatements(teamId: string, appId: string, from: number, to: number): string[] {
  return [
    `insert into app_versions (id, team_id, app_id, release_state, release_type, version_code, version_name, countries, submitted_at, on_shelf_at, superseded_at, created_at, updated_at)
     select gen_random_uuid(), '${uuid(teamId)}', '${uuid(appId)}', 0, 'full', i, '1.0.' || i, '{CN,DE}', t, t, t + interval '1 minute', t, t
     from (select i, timestamptz '2015-01-01 00:00:00+00' + i * interval '1 minute' as t from generate_series(${from}, ${to}) as i) s`,
    `insert into version_listings (version_id, language, name, brief, description, new_features, updated_at)
     select v.id, l.language, 'Versions bench', 'A long history', 'An app with many releases, one of them ' || v.version_name, 'Fixes in ' || v.version_name, v.created_at
     from app_versions v cross join (values ('enUS'), ('zhCN')) as l(language)
     where v.app_id = '${uuid(appId)}' and v.version_code between ${from} and ${to}`,
    'analyze app_versions',
    'analyze version_listings',
  ];
}

export interface ScaleRow {
  size: number;
  first: LoadResult;
  later: LoadResult;
}

/**
 * Seeds 1,000 versions of one app, measures the list's first page and a page in the middle
 * (through its keyset cursor), grows the history to 100,000 and measures again.
 */
export async function versionListScale(
  seeder: Seeder,
  headers: Record<string, string>,
  o: { label: string; connections: number; durationSec: number; sizes?: [number, number] },
): Promise<ScaleRow[]> {
  const [small, large] = o.sizes ?? [1000, 100_000];
  const project = (await call(seeder.url(), headers, projectApi.createProject, { body: { name: 'Versions bench' } })).project as { projectId: string };
  const app = (await call(seeder.url(), headers, appApi.createApp, {
    body: { projectId: project.projectId, platform: 'android', name: 'Versions bench', packageName: 'com.bench.versions', category: 'app', defaultLanguage: 'enUS' },
  })).app as { appId: string };
  const teamId = headers.teamId!;
  const rows: ScaleRow[] = [];
  let seeded = 0;
  for (const size of [small, large]) {
    await seeder.sql(seedStatements(teamId, app.appId, seeded + 1, size));
    seeded = size;
    // The middle of the history, as a client paging down would reach it.
    const [mid] = await seeder.sql([
      `select created_at, id from app_versions where app_id = '${uuid(app.appId)}' order by created_at desc, id desc offset ${Math.floor(size / 2)} limit 1`,
    ]);
    const cursor = encodeCursor({ at: new Date(mid!.created_at as string), id: mid!.id as string });
    const listUrl = (extra: Record<string, string>) => {
      const u = new URL(`${seeder.url()}${buildPath(versionApi.versionList)}`);
      for (const [k, v] of Object.entries({ appId: app.appId, ...extra })) u.searchParams.set(k, v);
      return u.toString();
    };
    const check = (await call(seeder.url(), headers, versionApi.versionList, { query: { appId: app.appId, cursor } })) as { items?: unknown[] };
    if (check.items?.length !== 20) throw new Error(`bench setup: the middle page of ${size} versions has ${check.items?.length} items`);
    await load({ name: 'warm', url: listUrl({}), connections: 10, durationSec: 1, headers });
    const first = await load({ name: `version list, first page, ${size} versions on ${o.label}`, url: listUrl({}), connections: o.connections, durationSec: o.durationSec, headers });
    const later = await load({ name: `version list, middle page, ${size} versions on ${o.label}`, url: listUrl({ cursor }), connections: o.connections, durationSec: o.durationSec, headers });
    rows.push({ size, first, later });
  }
  return rows;
}

export function printScale(label: string, rows: ScaleRow[]): boolean {
  const [a, b] = rows as [ScaleRow, ScaleRow];
  let ok = true;
  console.log(`\nversion list on ${label} (${a.size} → ${b.size} versions of one app, two listing languages each):`);
  for (const page of ['first', 'later'] as const) {
    // No answer within the measurement at all (every request slower than it) is a miss too.
    const ratio = a[page].rps && b[page].rps ? b[page].p50 / a[page].p50 : Infinity;
    const met = ratio <= TARGET_P50_RATIO;
    ok &&= met;
    const name = page === 'first' ? 'first page ' : 'middle page';
    const errs = [a, b].some((r) => r[page].errors || r[page].non2xx) ? `  (errors: ${[a, b].map((r) => r[page].errors + r[page].non2xx).join(', ')})` : '';
    console.log(
      `  ${name}: p50 ${a[page].p50.toFixed(1)} → ${b[page].p50.toFixed(1)} ms, p99 ${a[page].p99.toFixed(1)} → ${b[page].p99.toFixed(1)} ms, req/s ${a[page].rps.toFixed(0)} → ${b[page].rps.toFixed(0)}; p50 ratio ${ratio.toFixed(2)} (target ≤${TARGET_P50_RATIO} ${met ? 'met' : 'MISSED'})${errs}`,
    );
  }
  return ok;
}
