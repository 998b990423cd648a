import type { LinkStats } from '@wharf/contract';
import type { LinkPlatform } from '@wharf/rules';
import type { Deps } from '../../platform/deps';
import { notFound } from '../../platform/http/errors';
import { appLinksRepo as repo } from './repo';
import { WORDS } from './words';

const top = (m: Map<string, number>, n = 20) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, clicks]) => ({ key, clicks }));

/** A link's counts over the last days: by day (every day, zeros included), and its clicks by platform, country and referrer. */
export async function linkStats(deps: Pick<Deps, 'db' | 'clock'>, projectId: string, linkId: string, days: number): Promise<{ stats: LinkStats }> {
  const { db, clock } = deps;
  if (!(await repo.link(db, projectId, linkId))) throw notFound(WORDS.noLink);
  const today = clock.now();
  const dayKeys = Array.from({ length: days }, (_, i) => new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const rows = await repo.stats(db, linkId, dayKeys[0]!);
  const byDay = new Map(dayKeys.map((day) => [day, { day, clicks: 0, firstOpens: 0, reopens: 0 }]));
  const platforms = new Map<string, number>();
  const countries = new Map<string, number>();
  const referrers = new Map<string, number>();
  const totals = { clicks: 0, firstOpens: 0, reopens: 0 };
  for (const r of rows) {
    const d = byDay.get(r.day);
    const field = r.kind === 'click' ? 'clicks' : r.kind === 'firstOpen' ? 'firstOpens' : 'reopens';
    if (d) d[field] += r.count;
    totals[field] += r.count;
    if (r.kind !== 'click') continue;
    platforms.set(r.platform, (platforms.get(r.platform) ?? 0) + r.count);
    countries.set(r.country, (countries.get(r.country) ?? 0) + r.count);
    referrers.set(r.referrer, (referrers.get(r.referrer) ?? 0) + r.count);
  }
  return {
    stats: {
      days: [...byDay.values()],
      platforms: top(platforms).map((p) => ({ key: p.key as LinkPlatform, clicks: p.clicks })),
      countries: top(countries),
      referrers: top(referrers),
      totals,
    },
  };
}
