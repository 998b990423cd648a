import { PORTRAIT_DIMENSIONS, PORTRAIT_TOP, type PortraitDimension } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { cohortRepo } from './cohort-repo';
import { checkRange } from './overview';
import { reportRepo } from './report-repo';

type Share = { key: string; users: number };

/** The largest values on their own, the rest summed as `*`. */
function top(shares: Share[]): Share[] {
  const sorted = [...shares].sort((a, b) => b.users - a.users || (a.key < b.key ? -1 : 1));
  const rest = sorted.slice(PORTRAIT_TOP).reduce((n, s) => n + s.users, 0);
  return [...sorted.slice(0, PORTRAIT_TOP), ...(rest ? [{ key: '*', users: rest }] : [])];
}

/** Who the range's active users are, as their devices last said (the user portrait). */
export async function portrait(deps: Pick<Deps, 'db'>, caller: Caller, q: { appId: string; from: string; to: string }) {
  await callerApp(deps.db, caller, q.appId);
  checkRange(q.from, q.to);
  const [rows, users] = await Promise.all([cohortRepo.portrait(deps.db, q.appId, q.from, q.to), reportRepo.activeIn(deps.db, q.appId, q.from, q.to)]);
  const by = (d: PortraitDimension) => top(rows.filter((r) => r.dimension === d).map(({ key, users: n }) => ({ key, users: n })));
  return { users, ...(Object.fromEntries(PORTRAIT_DIMENSIONS.map((d) => [d, by(d)])) as Record<PortraitDimension, Share[]>) };
}
