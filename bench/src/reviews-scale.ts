import { buildPath, ratingsApi } from '@wharf/contract';
import { load, type LoadResult } from './load';
import { TARGET_P50_RATIO, type Seeder } from './version-scale';

const uuid = (s: string) => (/^[0-9a-f-]{36}$/.test(s) ? s : (() => { throw new Error(`not a uuid: ${s}`); })());

/**
 * Reviews as a popular app gathers them: one per install, four in five in English and the
 * rest in Russian, a few marked helpful, one a minute (the newest last), all visible.
 */
function seedStatements(appId: string, from: number, to: number): string[] {
  return [
    `insert into app_reviews (app_id, device_id, rating, text, language, country, version_name, version_code, helpful, created_at, updated_at)
     select '${uuid(appId)}', 'bench-device-' || i, 1 + (i * 7) % 5, 'Review number ' || i || ' of the bench app', case when i % 5 = 0 then 'ru' else 'en' end, 'DE', '1.0.' || (i % 30), i % 30, (i * 13) % 17, t, t
     from (select i, timestamptz '2020-01-01 00:00:00+00' + i * interval '1 minute' as t from generate_series(${from}, ${to}) as i) s`,
    'analyze app_reviews',
  ];
}

export interface ReviewScaleRow {
  size: number;
  newest: LoadResult;
  helpful: LoadResult;
}

/**
 * The store page's first page of reviews (20, the reader's language first, with the
 * summary) for a released app with 1,000 reviews, then 100,000: newest and most helpful first.
 */
export async function storeReviewsScale(seeder: Seeder, appId: string, o: { label: string; connections: number; durationSec: number; sizes?: [number, number] }): Promise<ReviewScaleRow[]> {
  const [small, large] = o.sizes ?? [1000, 100_000];
  const rows: ReviewScaleRow[] = [];
  let seeded = 0;
  for (const size of [small, large]) {
    await seeder.sql(seedStatements(appId, seeded + 1, size));
    seeded = size;
    const url = (sort: string) => `${seeder.url()}${buildPath(ratingsApi.storeReviews, { appId })}?language=en&sort=${sort}&pageSize=20`;
    const check = (await (await fetch(url('newest'))).json()) as { items?: unknown[]; summary?: { count: number } };
    if (check.items?.length !== 20 || check.summary?.count !== size) throw new Error(`bench setup: the store's reviews of ${size} answered ${check.items?.length} items, count ${check.summary?.count}`);
    await load({ name: 'warm', url: url('newest'), connections: 10, durationSec: 1 });
    const newest = await load({ name: `store reviews, newest first, ${size} reviews on ${o.label}`, url: url('newest'), connections: o.connections, durationSec: o.durationSec });
    const helpful = await load({ name: `store reviews, most helpful first, ${size} reviews on ${o.label}`, url: url('helpful'), connections: o.connections, durationSec: o.durationSec });
    rows.push({ size, newest, helpful });
  }
  return rows;
}

/** Prints the two sizes side by side; answers whether both orders met the p50 target. */
export function printReviewScale(label: string, rows: ReviewScaleRow[], bareRps: number): boolean {
  const [a, b] = rows as [ReviewScaleRow, ReviewScaleRow];
  let ok = true;
  console.log(`\nstore page reviews on ${label} (a page of 20, the reader's language first, with the summary; ${a.size} → ${b.size} reviews of one app):`);
  for (const order of ['newest', 'helpful'] as const) {
    const ratio = a[order].rps && b[order].rps ? b[order].p50 / a[order].p50 : Infinity;
    const met = ratio <= TARGET_P50_RATIO;
    ok &&= met;
    const errs = [a, b].some((r) => r[order].errors || r[order].non2xx) ? `  (errors: ${[a, b].map((r) => r[order].errors + r[order].non2xx).join(', ')})` : '';
    console.log(
      `  ${order === 'newest' ? 'newest first      ' : 'most helpful first'}: p50 ${a[order].p50.toFixed(1)} → ${b[order].p50.toFixed(1)} ms, p99 ${a[order].p99.toFixed(1)} → ${b[order].p99.toFixed(1)} ms, req/s ${a[order].rps.toFixed(0)} → ${b[order].rps.toFixed(0)} (${(b[order].rps / bareRps).toFixed(2)} of the bare route); p50 ratio ${ratio.toFixed(2)} (target ≤${TARGET_P50_RATIO} ${met ? 'met' : 'MISSED'})${errs}`,
    );
  }
  return ok;
}
