import { randomUUID } from 'node:crypto';
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
 * change to its app keeps nothing (a count per app), and an edit made here keeps the row it
 * wrote. A transaction's reads are never served from here. Rows are frozen: they are shared
 * by every request that reads them.
 */
export class AppRows {
  readonly #rows = new Map<string, { row: AppRow; until: number }>();
  /**
   * Per app, how many times it was forgotten: a read keeps its row only if its app's count
   * did not move while it ran (one app's edits do not stop every other app being kept).
   * `#epoch` moves when the counts are cleared, so a count cleared back cannot look unmoved.
   */
  readonly #forgotten = new Map<string, number>();
  #epoch = 0;
  /** This instance's own notices are not heard again: `writing` has done their work here. */
  readonly #id = randomUUID();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'pubsub' | 'config'>) {
    byDatabase.set(deps.db, this);
    deps.pubsub.subscribe(APPS_CHANGED, (payload) => {
      const { appIds, from } = payload as { appIds?: unknown; from?: unknown };
      if (from === this.#id) return;
      for (const appId of Array.isArray(appIds) ? appIds : []) if (typeof appId === 'string') this.forgetHere(appId);
    });
  }

  async get(db: DbOrTx, teamId: string, appId: string): Promise<AppRow | undefined> {
    if (isTransaction(db) || db !== this.deps.db) return appsRepo.byId(db, teamId, appId);
    const now = this.deps.clock.now().getTime();
    const kept = this.#rows.get(appId);
    if (kept && kept.until > now) return kept.row.teamId === teamId ? kept.row : undefined;
    const [epoch, forgotten] = [this.#epoch, this.#forgotten.get(appId)];
    const row = await appsRepo.byId(db, teamId, appId);
    if (row && epoch === this.#epoch && forgotten === this.#forgotten.get(appId)) this.#keep(row, now);
    return row;
  }

  #keep(row: AppRow, now: number): void {
    const ttl = this.deps.config.sessionCacheTtlMs;
    if (ttl <= 0) return;
    if (this.#rows.size >= MAX_ROWS) this.#rows.clear();
    Object.freeze(row.names);
    this.#rows.set(row.id, { row: Object.freeze(row), until: now + ttl });
  }

  /** In the change's transaction: this instance forgets now, every instance (this one again) once it commits. */
  async changed(tx: DbOrTx, appIds: readonly string[]): Promise<void> {
    for (const appId of appIds) this.forgetHere(appId);
    await this.deps.pubsub.publishIn(tx, APPS_CHANGED, { appIds });
  }

  /**
   * For one statement outside a transaction that changes the app (prepared once: `notice`
   * fills pub/sub's `notifyingFrom` slot). Once it has run, this instance keeps the row it
   * answered (undefined: nothing changed, or gone) if nothing else changed the app here
   * meanwhile, so the edit's next reads need no database, and else forgets the app; reads
   * that ran meanwhile keep nothing. The other instances forget it once it commits. Reads
   * while it runs may still be answered the row as it was: the edit is not done yet.
   */
  writing(appId: string): { notice: string | null; written: (row: AppRow | undefined) => void } {
    const [epoch, forgotten] = [this.#epoch, this.#forgotten.get(appId)];
    return {
      notice: this.deps.pubsub.noticeText(APPS_CHANGED, { appIds: [appId], from: this.#id }),
      written: (row) => {
        const unmoved = epoch === this.#epoch && forgotten === this.#forgotten.get(appId);
        this.forgetHere(appId);
        if (row && unmoved) this.#keep(row, this.deps.clock.now().getTime());
      },
    };
  }

  forgetHere(appId: string): void {
    if (this.#forgotten.size >= MAX_ROWS) {
      this.#forgotten.clear();
      this.#epoch += 1;
    }
    this.#forgotten.set(appId, (this.#forgotten.get(appId) ?? 0) + 1);
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
