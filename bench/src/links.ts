import { appLinksApi } from '@wharf/contract';
import { userContentOf } from './functions';
import { load, type LoadResult } from './load';
import type { Started } from './processes';
import { call } from './release';
import type { Row } from './report';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/**
 * App Linking (issue 28) against the bare route: a short link's redirect for a computer
 * (the link and its prefix kept per instance, the click counted in memory and flushed in
 * batches; target ≥ 0.35 of the bare route and p99 ≤ 3×), and for a phone without the app
 * (its one-time token for the deferred deep link written per click). The per-address click
 * limit is lifted for the run.
 */
export async function linkLines(o: { server: Started; headers: Record<string, string>; projectId: string; appId: string; label: string; baseline: LoadResult; connections: number; durationSec: number }): Promise<Row[]> {
  const query = { projectId: o.projectId };
  const prefix = (await call(o.server.url, o.headers, appLinksApi.createPrefix, { query, body: { kind: 'path', name: `bench-${process.pid}` } })).prefix as { prefixId: string };
  const made = (await call(o.server.url, o.headers, appLinksApi.createLink, { query, body: { prefixId: prefix.prefixId, suffix: 'spring-sale', deepLink: 'https://example.com/item/7', desktopUrl: 'https://example.com/pc', androidAppId: o.appId, utm: { campaign: 'bench' } } })).link as { shortLink: string };
  const url = `${userContentOf(o.server)}${new URL(made.shortLink).pathname}`;
  const desktop = await load({ name: `GET short link, a computer (302, counted) on ${o.label}`, url, headers: { 'user-agent': DESKTOP }, expectStatus: 302, connections: o.connections, durationSec: o.durationSec });
  const phone = await load({ name: `GET short link, a phone without the app (302 + its token) on ${o.label}`, url, headers: { 'user-agent': ANDROID }, expectStatus: 302, connections: o.connections, durationSec: o.durationSec });
  return [
    { result: desktop, baseline: o.baseline, target: { minRpsRatio: 0.35, maxP99Ratio: 3 } },
    { result: phone, baseline: o.baseline },
  ];
}
