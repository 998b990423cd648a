import { ADOPTION_VERSIONS, type DistributionDay, type PhasedAdoption } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import type { Caller } from '../../platform/http/access';
import { callerApp } from '../apps/public';
import { phaseHistories, type PhaseHistory } from '../versions/public';
import { dayIn } from './days';
import { distributionRepo } from './distribution-repo';
import { checkRange } from './overview';
import { reportRepo } from './report-repo';
import type { AnalyticsSettingsStore } from './settings';

/** Phased releases drawn at most (the latest). */
const PHASES_SHOWN = 3;

/** What the store did for an app and how its versions spread: downloads, installs, update checks, adoption. */
export async function distribution(deps: Pick<Deps, 'db'>, settings: AnalyticsSettingsStore, caller: Caller, q: { appId: string; from: string; to: string }) {
  const app = await callerApp(deps.db, caller, q.appId);
  const days = checkRange(q.from, q.to);
  const { timeZone } = await settings.read(deps.db, q.appId, app.teamId, app.projectId);
  const [byDay, byCountry, byVersion, phases, hasData] = await Promise.all([
    distributionRepo.byDay(deps.db, q.appId, q.from, q.to),
    distributionRepo.byCountry(deps.db, q.appId, q.from, q.to),
    distributionRepo.devicesByVersion(deps.db, q.appId, q.from, q.to),
    phaseHistories(deps.db, q.appId),
    reportRepo.hasData(deps.db, q.appId),
  ]);
  const counted = new Map(byDay.map((d) => [d.day, d]));
  const zero = { downloads: 0, installs: 0, updateChecks: 0, updatesOffered: 0 };
  const out: DistributionDay[] = days.map((day) => ({ ...zero, ...counted.get(day), day }));

  const index = new Map(days.map((d, i) => [d, i]));
  const perVersion = new Map<string, number[]>();
  const active = days.map(() => 0);
  for (const r of byVersion) {
    const i = index.get(r.day)!;
    const series = perVersion.get(r.appVersion) ?? days.map(() => 0);
    series[i]! += r.devices;
    active[i]! += r.devices;
    perVersion.set(r.appVersion, series);
  }
  const total = (s: number[]) => s.reduce((a, b) => a + b, 0);
  const ranked = [...perVersion].sort(([a, x], [b, y]) => total(y) - total(x) || (a < b ? -1 : 1));
  const versions: Array<{ appVersion: string | null; devices: number[] }> = ranked.slice(0, ADOPTION_VERSIONS).map(([appVersion, devices]) => ({ appVersion, devices }));
  const rest = ranked.slice(ADOPTION_VERSIONS);
  if (rest.length) versions.push({ appVersion: null, devices: days.map((_, i) => rest.reduce((n, [, s]) => n + s[i]!, 0)) });

  const countries = byCountry.filter((c) => c.downloads + c.installs > 0).sort((a, b) => b.downloads + b.installs - (a.downloads + a.installs) || (a.country < b.country ? -1 : 1));
  const phased = phases
    .map((p) => adoptionOf(p, days, timeZone, (p.versionName && perVersion.get(p.versionName)) || days.map(() => 0), active))
    .filter((p): p is PhasedAdoption => p !== null)
    .slice(-PHASES_SHOWN);
  return { timeZone, days: out, versions, countries, phased, hasData };
}

/** A phase's target and real adoption per day; null when the phase had not started by the range's end. */
function adoptionOf(p: PhaseHistory, days: readonly string[], timeZone: string, onVersion: readonly number[], active: readonly number[]): PhasedAdoption | null {
  const changes = p.changes.map((c) => ({ ...c, day: dayIn(timeZone, c.at) }));
  if (!changes.length || changes[0]!.day > days[days.length - 1]!) return null;
  const points = days.map((day, i) => {
    let last: (typeof changes)[number] | undefined;
    for (const c of changes) if (c.day <= day) last = c;
    return { day, target: last ? targetOf(last.state, last.percent) : null, adoption: active[i] ? Math.round((onVersion[i]! / active[i]!) * 1000) / 10 : 0 };
  });
  return { versionId: p.versionId, versionName: p.versionName, points };
}

/** The share of devices a phase in this state offers its version to (update checks answer so). */
function targetOf(state: string, percent: number): number | null {
  if (state === 'pending') return null;
  if (state === 'completed') return 100;
  return state === 'active' ? percent : 0;
}
