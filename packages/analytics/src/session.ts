import type { KeyValueStore } from '@wharf/client';

/** A session as kept between runs: when it began and when the app was last used in it. */
export interface KeptSession {
  start: number;
  last: number;
}

/**
 * Sessions as Firebase counts them: one begins with the first activity, and ends after a
 * stretch without any (30 minutes by default) or when the app says so. Kept in the store,
 * so a page reload or a quick restart goes on with the same session.
 */
export class Sessions {
  #current: KeptSession | null = null;
  #saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: KeyValueStore,
    private readonly key: string,
    private readonly timeoutMs: number,
  ) {}

  async load(): Promise<void> {
    const raw = await this.store.get(this.key);
    try {
      this.#current = raw ? (JSON.parse(raw) as KeptSession) : null;
    } catch {
      this.#current = null;
    }
  }

  /**
   * Marks activity at `now`; answers what changed: the session that ended for lack of
   * activity (its length in seconds and last moment) and whether a new one began.
   */
  touch(now: number): { ended: { seconds: number; at: number } | null; started: boolean } {
    let ended: { seconds: number; at: number } | null = null;
    if (this.#current && now - this.#current.last > this.timeoutMs) ended = this.#end();
    const started = !this.#current;
    this.#current = started ? { start: now, last: now } : { ...this.#current!, last: Math.max(this.#current!.last, now) };
    this.#save();
    return { ended, started };
  }

  /**
   * Ends the session at `now` (the app closes, the user signs out): the app was in use until
   * then, unless the session had already timed out. Null when none was under way.
   */
  end(now: number): { seconds: number; at: number } | null {
    if (!this.#current) return null;
    if (now - this.#current.last <= this.timeoutMs) this.#current = { ...this.#current, last: Math.max(this.#current.last, now) };
    const ended = this.#end();
    this.#save();
    return ended;
  }

  saved(): Promise<void> {
    return this.#saving;
  }

  #end(): { seconds: number; at: number } {
    const { start, last } = this.#current!;
    this.#current = null;
    return { seconds: Math.round((last - start) / 1000), at: last };
  }

  #save(): void {
    const value = this.#current ? JSON.stringify(this.#current) : null;
    this.#saving = this.#saving.then(() => (value ? this.store.set(this.key, value) : this.store.remove(this.key))).catch(() => undefined);
  }
}
