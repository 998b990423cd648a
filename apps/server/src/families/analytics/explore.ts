import { EXPLORE_TOP, type ExploreGroup } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { cohortRepo, type ExploreRow } from './cohort-repo';
import { checkRange } from './overview';

interface Query {
  appId: string;
  from: string;
  to: string;
  event: string;
  groupBy: ExploreGroup;
  property?: string | undefined;
  equals?: string | undefined;
}

/**
 * The event explorer: one event per day, split by version, country or OS. The largest
 * groups are shown on their own and the rest summed as `*`, so a chart stays readable.
 */
export async function explore(deps: Pick<Deps, 'db'>, caller: Caller, q: Query) {
  await callerApp(deps.db, caller, q.appId);
  checkRange(q.from, q.to);
  const found = await cohortRepo.explore(deps.db, q);
  const totals = new Map<string, { count: number; valueSum: number }>();
  for (const r of found) {
    const t = totals.get(r.group) ?? { count: 0, valueSum: 0 };
    t.count += r.count;
    t.valueSum += r.valueSum;
    totals.set(r.group, t);
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  const kept = new Set(ranked.slice(0, EXPLORE_TOP).map(([k]) => k));
  const groupOf = (g: string) => (kept.has(g) ? g : '*');
  const merged = new Map<string, ExploreRow>();
  for (const r of found) {
    const key = `${r.day}|${groupOf(r.group)}`;
    const m = merged.get(key) ?? { day: r.day, group: groupOf(r.group), count: 0, valueSum: 0 };
    m.count += r.count;
    m.valueSum += r.valueSum;
    merged.set(key, m);
  }
  const rest = ranked.slice(EXPLORE_TOP).reduce((t, [, v]) => ({ count: t.count + v.count, valueSum: t.valueSum + v.valueSum }), { count: 0, valueSum: 0 });
  return {
    groups: [...ranked.slice(0, EXPLORE_TOP).map(([key, v]) => ({ key, ...v })), ...(rest.count ? [{ key: '*', ...rest }] : [])],
    days: [...merged.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.group < b.group ? -1 : 1)),
  };
}
