import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import type { FunctionRuntime } from './runtime';
import { triggersRepo as triggers, type RunRow } from './triggers-repo';

/** Runs a lane takes at a time, and lanes an instance drains with: a slow run holds back its own lane's batch only. */
const BATCH = 8;
const LANES = 4;
/** How long a taken run is its taker's beyond the longest call (60 s), before another may take it. */
const LEASE_MS = 120_000;
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Runs what triggers asked for, outside any transaction: takes due runs with a lease (SKIP
 * LOCKED, so instances share the work), calls the function, and settles each: done, or
 * tried again after 1 s, 2 s, 4 s… until its last attempt, then dead (a dead letter the
 * console lists and replays). A run whose instance died is taken again when its lease ends:
 * at least once, as the docs say.
 */
export class TriggerRunner {
  #draining: Promise<number> | null = null;
  #again = false;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'clock' | 'log'>,
    private readonly runtime: FunctionRuntime,
  ) {}

  /** Runs everything due now; a call while a drain is under way makes it look once more. Resolves with how many ran. */
  drain(): Promise<number> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      let ran = 0;
      do {
        this.#again = false;
        // Lanes claim apart (SKIP LOCKED): up to LANES × BATCH runs in flight.
        for (const n of await Promise.all(Array.from({ length: LANES }, () => this.#lane()))) ran += n;
      } while (this.#again);
      return ran;
    })().finally(() => {
      this.#draining = null;
    });
    return this.#draining;
  }

  /** Takes and runs batches until none is due: how many ran. */
  async #lane(): Promise<number> {
    let ran = 0;
    for (;;) {
      const now = this.deps.clock.now();
      const taken = await this.deps.db.transaction((tx) => triggers.claim(tx, now, BATCH, new Date(now.getTime() + LEASE_MS)));
      if (taken.length === 0) return ran;
      await Promise.all(taken.map((run) => this.#run(run)));
      ran += taken.length;
    }
  }

  async #run(run: RunRow): Promise<void> {
    let error: string | null = null;
    try {
      const ran = await this.runtime.callForTrigger(run.functionId, run.qualifier, run.event, run.id, run.kind);
      if (!ran) error = `the function has no ${run.qualifier}`;
      else if (!ran.ok) error = ran.message;
    } catch (err) {
      error = err instanceof AppError ? (err.text?.en ?? err.retName) : err instanceof Error ? err.message : String(err);
    }
    const now = this.deps.clock.now();
    if (error === null) {
      await triggers.finish(this.deps.db, run.id, run.attempts, { state: 'done', lastError: null, updatedAt: now });
      return;
    }
    const last = run.attempts >= run.maxAttempts;
    const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (run.attempts - 1));
    await triggers.finish(this.deps.db, run.id, run.attempts, { state: last ? 'dead' : 'pending', lastError: error.slice(0, 2000), nextAt: new Date(now.getTime() + (last ? 0 : wait)), updatedAt: now });
    if (last) this.deps.log.warn({ runId: run.id, functionId: run.functionId, error }, 'a trigger run failed every attempt');
  }
}
