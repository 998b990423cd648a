import { RETENTION_CURVE_DAYS, RETENTION_OFFSETS } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { addDays, dayIn } from './days';
import { cohortRepo } from './cohort-repo';
import { checkRange } from './overview';
import type { AnalyticsSettingsStore } from './settings';

type Range = { appId: string; from: string; to: string };

/**
 * Retention: each day's new instances and how many came back N days later. A day that has
 * not come yet (in the reporting time zone) is null, not 0; the curve weighs each offset by
 * the cohorts old enough to have it.
 */
export async function retention(deps: Pick<Deps, 'db' | 'clock'>, settings: AnalyticsSettingsStore, caller: Caller, q: Range) {
  const app = await callerApp(deps.db, caller, q.appId);
  const days = checkRange(q.from, q.to);
  const { timeZone } = await settings.read(deps.db, q.appId, app.teamId, app.projectId);
  const today = dayIn(timeZone, deps.clock.now());
  const { sizes, returned } = await cohortRepo.cohorts(deps.db, q.appId, q.from, q.to, RETENTION_CURVE_DAYS);
  const reached = (day: string, offset: number) => addDays(day, offset) <= today;
  const cohorts = days
    .filter((day) => sizes.has(day))
    .map((day) => ({ day, users: sizes.get(day)!, returned: RETENTION_OFFSETS.map((o) => (reached(day, o) ? (returned.get(day)?.get(o) ?? 0) : null)) }));
  const curve = Array.from({ length: RETENTION_CURVE_DAYS + 1 }, (_, offset) => {
    const old = cohorts.filter((c) => reached(c.day, offset));
    return {
      offset,
      users: offset === 0 ? old.reduce((n, c) => n + c.users, 0) : old.reduce((n, c) => n + (returned.get(c.day)?.get(offset) ?? 0), 0),
      of: old.reduce((n, c) => n + c.users, 0),
    };
  }).filter((p) => p.of > 0);
  return { offsets: [...RETENTION_OFFSETS], cohorts, curve };
}

export async function funnel(deps: Pick<Deps, 'db'>, caller: Caller, q: Range & { steps: string[] }) {
  await callerApp(deps.db, caller, q.appId);
  checkRange(q.from, q.to);
  const users = await cohortRepo.funnel(deps.db, q.appId, q.from, q.to, q.steps);
  return { steps: q.steps.map((name, i) => ({ name, users: users[i]! })) };
}

export async function eventList(deps: Pick<Deps, 'db'>, caller: Caller, q: Range) {
  await callerApp(deps.db, caller, q.appId);
  checkRange(q.from, q.to);
  return { events: await cohortRepo.events(deps.db, q.appId, q.from, q.to) };
}
