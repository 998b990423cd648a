import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { perDeps } from '../../platform/per-deps';
import { appsRepo } from './repo';

/** Instances forget a team's package names when its apps change (channel of the pub/sub port). */
export const TEAM_APPS_CHANGED = 'apps.team-apps-changed';
const MAX_TEAMS = 10_000;

export interface PackageEntry {
  appId: string;
  packageName: string;
  projectId: string;
}

/**
 * Each team's package names and the apps they name, as this instance last read them: the
 * Connect API's appid-list, which every CI job calls first, then costs no database read.
 * Kept for `SESSION_CACHE_TTL_MS` as sessions and API clients are; creating, deleting or
 * moving an app, or changing its package name, makes every instance forget the team once
 * the change commits (this one at once), and a read that overlapped a change keeps nothing.
 */
export class PackageIndex {
  /** Per team: package name → its apps (one per platform at most). */
  readonly #teams = new Map<string, { apps: Map<string, PackageEntry[]>; until: number }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'pubsub' | 'config'>) {
    deps.pubsub.subscribe(TEAM_APPS_CHANGED, (payload) => {
      const { teamIds } = payload as { teamIds?: unknown };
      for (const teamId of Array.isArray(teamIds) ? teamIds : []) if (typeof teamId === 'string') this.forgetHere(teamId);
    });
  }

  /** The team's apps of these package names (the others are not the team's, or do not exist). */
  async lookup(teamId: string, packageNames: readonly string[]): Promise<PackageEntry[]> {
    const apps = await this.#team(teamId);
    return [...new Set(packageNames)].flatMap((name) => apps.get(name) ?? []);
  }

  async #team(teamId: string): Promise<Map<string, PackageEntry[]>> {
    const now = this.deps.clock.now().getTime();
    const kept = this.#teams.get(teamId);
    if (kept && kept.until > now) return kept.apps;
    const generation = this.#generation;
    const rows = await appsRepo.packageNamesOfTeam(this.deps.db, teamId);
    const apps = new Map<string, PackageEntry[]>();
    for (const r of rows) apps.set(r.packageName, [...(apps.get(r.packageName) ?? []), r]);
    const ttl = this.deps.config.sessionCacheTtlMs;
    if (ttl > 0 && generation === this.#generation) {
      if (this.#teams.size >= MAX_TEAMS) this.#teams.clear();
      this.#teams.set(teamId, { apps, until: now + ttl });
    }
    return apps;
  }

  /** In the change's transaction: this instance forgets now, every instance once it commits. */
  async changed(tx: DbOrTx, teamIds: readonly string[]): Promise<void> {
    for (const teamId of teamIds) this.forgetHere(teamId);
    await this.deps.pubsub.publishIn(tx, TEAM_APPS_CHANGED, { teamIds });
  }

  /** For the change's own statement, prepared once: this instance forgets now, every instance once it commits (the text for pub/sub's `notifyingFrom` slot). */
  changingNotice(teamIds: readonly string[]): string | null {
    for (const teamId of teamIds) this.forgetHere(teamId);
    return this.deps.pubsub.noticeText(TEAM_APPS_CHANGED, { teamIds });
  }

  forgetHere(teamId: string): void {
    this.#generation += 1;
    this.#teams.delete(teamId);
  }
}

/** The index, one per running server. */
export const packageIndexOf = perDeps((deps) => new PackageIndex(deps));
