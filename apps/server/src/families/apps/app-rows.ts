import type { Deps } from '../../platform/deps';
import { isTransaction, type DbOrTx } from '../../platform/db/types';
import { perDeps } from '../../platform/per-deps';
import { appsRepo, type AppRow } from './repo';

/** Instances forget the apps they kept when they change (channel of the pub/sub port). */
export const APPS_CHANGED = 'apps.apps-changed';
const MAX_ROWS = 10_000;

/** Each running server's cache, by its database: `callerApp` has the database, not the deps. */
const byDatabase = new WeakMap<object, AppRows>();

/**
 * Apps' rows as this instance last read them, for the check every `app:` call starts with
 * (`callerApp`): the largest statement left per console request under load
 * (docs/performance.md). Kept for `SESSION_CACHE_TTL_MS`, as sessions and permissions are.
 * Every change to an app's row (an edit, a move, a package name, a release, a deletion)
 * makes this instance forget it at once and every instance once the change commits (a
 * pub/sub notice in the change's own transaction or statement); a read that overlapped a
 * change keeps nothing (a generation counter). A transaction's reads are never served from
 * here. Rows are frozen: they are shared by every request that reads them.
 */
export class AppRows {
  readonly #rows = new Map<string, { row: AppRow; until: number }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'pubsub' | 'config'>) {
    byDatabase.set(deps.db, this);
    deps.pubsub.subscribe(APPS_CHANGED, (payload) => {
      const { appIds } = payload as { appIds?: unknown };
      for (const appId of Array.isArray(appIds) ? appIds : []) if (typeof appId === 'string') this.forgetHere(appId);
    });
  }

  async get(db: DbOrTx, teamId: string, appId: string): Promise<AppRow | undefined> {
    if (isTransaction(db) || db !== this.deps.db) return appsRepo.byId(db, teamId, appId);
    const now = this.deps.clock.now().getTime();
    const kept = this.#rows.get(appId);
    if (kept && kept.until > now) return kept.row.teamId === teamId ? kept.row : undefined;
    const generation = this.#generation;
    const row = await appsRepo.byId(db, teamId, appId);
    const ttl = this.deps.config.sessionCacheTtlMs;
    if (row && ttl > 0 && generation === this.#generation) {
      if (this.#rows.size >= MAX_ROWS) this.#rows.clear();
      Object.freeze(row.names);
      this.#rows.set(appId, { row: Object.freeze(row), until: now + ttl });
    }
    return row;
  }

  /** In the change's transaction: this instance forgets now, every instance (this one again) once it commits. */
  async changed(tx: DbOrTx, appIds: readonly string[]): Promise<void> {
    for (const appId of appIds) this.forgetHere(appId);
    await this.deps.pubsub.publishIn(tx, APPS_CHANGED, { appIds });
  }

  /** For a change's own statement, prepared once (pub/sub's `notifyingFrom` slot): as `changed`. */
  changingNotice(appIds: readonly string[]): string | null {
    for (const appId of appIds) this.forgetHere(appId);
    return this.deps.pubsub.noticeText(APPS_CHANGED, { appIds });
  }

  forgetHere(appId: string): void {
    this.#generation += 1;
    this.#rows.delete(appId);
  }
}

/** The cache, one per running server: made when the apps family registers. */
export const appRowsOf = perDeps((deps) => new AppRows(deps));

/** The app's row, from its server's cache where `db` is a server's own database (see AppRows). */
export function appRow(db: DbOrTx, teamId: string, appId: string): Promise<AppRow | undefined> {
  const rows = byDatabase.get(db);
  return rows ? rows.get(db, teamId, appId) : appsRepo.byId(db, teamId, appId);
}
