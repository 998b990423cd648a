import type { Deps } from '../../platform/deps';
import type { DbOrTx } from '../../platform/db/types';
import { appUsersRepo, type AppUserRow } from './repo';

/** Instances drop a user they kept when it changes (channel of the pub/sub port). */
export const APP_USER_CHANGED = 'app-users.user-changed';
const MAX_ROWS = 10_000;

/**
 * App users' rows as each instance last read them, for the calls that only read the user
 * of a token (the user's own profile), kept for `SESSION_CACHE_TTL_MS` as console
 * sessions are. A change to what they show (disabled, deleted, an email or number linked
 * or verified) makes every instance forget the user once it commits, this one at once; a
 * read that overlapped a change keeps nothing (a generation counter).
 */
export class AppUserCache {
  readonly #rows = new Map<string, { row: AppUserRow; until: number }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'clock' | 'pubsub' | 'config'>) {
    deps.pubsub.subscribe(APP_USER_CHANGED, (payload) => this.forgetHere((payload as { userId: string }).userId));
  }

  async get(db: DbOrTx, projectId: string, userId: string): Promise<AppUserRow | undefined> {
    const now = this.deps.clock.now().getTime();
    const kept = this.#rows.get(userId);
    if (kept && kept.until > now && kept.row.projectId === projectId) return kept.row;
    const generation = this.#generation;
    const row = await appUsersRepo.byId(db, projectId, userId);
    const ttl = this.deps.config.sessionCacheTtlMs;
    if (row && ttl > 0 && generation === this.#generation) {
      if (this.#rows.size >= MAX_ROWS) this.#rows.clear();
      this.#rows.set(userId, { row, until: now + ttl });
    }
    return row;
  }

  /** In the change's transaction: this instance forgets the user now, every instance once it commits. */
  async changed(tx: DbOrTx, userId: string): Promise<void> {
    this.forgetHere(userId);
    await this.deps.pubsub.publishIn(tx, APP_USER_CHANGED, { userId });
  }

  forgetHere(userId: string): void {
    this.#generation += 1;
    this.#rows.delete(userId);
  }
}
