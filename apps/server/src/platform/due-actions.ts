import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import { dueActions } from './db/tables';
import { isTransaction, type Db, type DbOrTx, type Tx } from './db/types';
import { isDeadlock } from './db/errors';

/**
 * `afterCommit(work)`: work that must not run inside the action's transaction (a job sent on
 * the embedded database's one session would wait for the transaction it is in). It runs once
 * the transaction has committed, and not at all if the action rolled back; its failure is
 * logged, since the action itself took effect.
 */
export type DueActionHandler = (tx: Tx, payload: Record<string, unknown>, action: { id: string; dueAt: Date; afterCommit(work: () => Promise<unknown>): void }) => Promise<void>;

export interface ScheduleInput {
  kind: string;
  dueAt: Date;
  payload?: Record<string, unknown>;
  /** At most one pending action per key: scheduling again replaces the time. */
  dedupeKey?: string;
}

const BATCH = 20;
const MAX_ATTEMPTS = 5;

/**
 * Time-driven work, checked against the injected clock. Each action fires in the same
 * transaction that marks it done, with its row locked (SKIP LOCKED), so it takes effect
 * exactly once even with several instances on one PostgreSQL.
 */
export class DueActions {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #handlers = new Map<string, DueActionHandler>();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #queued: Promise<number> | null = null;

  constructor(db: Db, clock: Clock, log: FastifyBaseLogger) {
    this.#db = db;
    this.#clock = clock;
    this.#log = log;
  }

  handle(kind: string, handler: DueActionHandler): void {
    if (this.#handlers.has(kind)) throw new Error(`due action ${kind} already has a handler`);
    this.#handlers.set(kind, handler);
  }

  /** Schedules in the caller's transaction, so the action exists exactly when the change does. */
  async schedule(tx: DbOrTx, input: ScheduleInput): Promise<string> {
    if (input.dedupeKey) await this.cancel(tx, input.dedupeKey);
    const [row] = await tx
      .insert(dueActions)
      .values({
        kind: input.kind,
        dueAt: input.dueAt,
        payload: input.payload ?? {},
        dedupeKey: input.dedupeKey ?? null,
        createdAt: this.#clock.now(),
      })
      .returning({ id: dueActions.id });
    return row!.id;
  }

  /**
   * Cancels the key's pending actions. Outside a transaction, a deadlock is tried again: an
   * instance starting up reschedules a key (the packages' sweep) while another fires it and
   * reschedules it too, each having locked one of the key's rows (issue 19's CI run). In a
   * caller's transaction the caller decides, as its whole transaction was rolled back.
   */
  async cancel(tx: DbOrTx, dedupeKey: string): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const rows = await tx
          .update(dueActions)
          .set({ state: 'cancelled' })
          .where(and(eq(dueActions.dedupeKey, dedupeKey), eq(dueActions.state, 'pending')))
          .returning({ id: dueActions.id });
        return rows.length;
      } catch (err) {
        if (attempt >= 3 || isTransaction(tx) || !isDeadlock(err)) throw err;
      }
    }
  }

  /**
   * Fires everything due now; returns how many fired. A call made while a run is under way
   * gets one more run after it (shared by every such call): the run under way may have read
   * the clock before the call, and what became due since must not wait for the next tick.
   */
  runDue(): Promise<number> {
    if (this.#queued) return this.#queued;
    if (this.#running) {
      this.#queued ??= this.#running.then(
        () => this.#startRun(),
        () => this.#startRun(),
      );
      return this.#queued;
    }
    return this.#startRun();
  }

  #startRun(): Promise<number> {
    this.#queued = null;
    this.#running = this.#drain().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #drain(): Promise<number> {
    let fired = 0;
    for (;;) {
      const n = await this.#fireBatch();
      fired += n;
      if (n < BATCH) return fired;
    }
  }

  async #fireBatch(): Promise<number> {
    const now = this.#clock.now();
    let count = 0;
    const committed: Array<{ kind: string; work: () => Promise<unknown> }> = [];
    await this.#db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(dueActions)
        .where(and(eq(dueActions.state, 'pending'), lte(dueActions.dueAt, now)))
        .orderBy(asc(dueActions.dueAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const action of due) {
        count += 1;
        committed.push(...(await this.#fireOne(tx, action, now)).map((work) => ({ kind: action.kind, work })));
      }
    });
    await Promise.all(committed.map(({ kind, work }) => work().catch((err: unknown) => this.#log.error({ err, kind }, 'work after a due action failed'))));
    return count;
  }

  /** Fires one action in a savepoint; returns its after-commit work (none when it rolled back). */
  async #fireOne(tx: Tx, action: typeof dueActions.$inferSelect, now: Date): Promise<Array<() => Promise<unknown>>> {
    const handler = this.#handlers.get(action.kind);
    if (!handler) {
      await tx.update(dueActions).set({ state: 'failed', lastError: `no handler for ${action.kind}` }).where(eq(dueActions.id, action.id));
      this.#log.error({ kind: action.kind, id: action.id }, 'due action without handler');
      return [];
    }
    const afterCommit: Array<() => Promise<unknown>> = [];
    try {
      // A savepoint: a failing handler rolls back its own work, not the batch.
      await tx.transaction(async (inner) => {
        await handler(inner, action.payload, { id: action.id, dueAt: action.dueAt, afterCommit: (work) => afterCommit.push(work) });
        await inner.update(dueActions).set({ state: 'done', firedAt: now, attempts: sql`${dueActions.attempts} + 1` }).where(eq(dueActions.id, action.id));
      });
      return afterCommit;
    } catch (err) {
      const attempts = action.attempts + 1;
      this.#log.error({ err, kind: action.kind, id: action.id, attempts }, 'due action failed');
      await tx
        .update(dueActions)
        .set({
          attempts,
          lastError: err instanceof Error ? err.message : String(err),
          state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          // Back off so one broken action cannot hog every tick.
          dueAt: new Date(now.getTime() + 2 ** attempts * 1000),
        })
        .where(eq(dueActions.id, action.id));
      return [];
    }
  }

  start(intervalMs: number): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.runDue().catch((err: unknown) => this.#log.error({ err }, 'due actions tick failed'));
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#queued?.catch(() => undefined);
    await this.#running?.catch(() => undefined);
  }
}
