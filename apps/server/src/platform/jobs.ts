import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from './db/types';
import { executeIn } from './db/execute-in';

/**
 * How often a worker looks for jobs it was not woken for: another instance's, a retry's, a
 * delayed one's. A job sent here wakes this instance's worker at once, so the wait is for
 * those alone; each look is a query, on the embedded database one more in the single
 * connection's queue.
 */
const POLL_SECONDS = 2;

/** Attempts a job gets by default (the first and three retries), each `expireSeconds` at most. */
export const JOB_ATTEMPTS = 4;

/**
 * How long after its row was made work waiting for a job (a package's parse, a video's)
 * counts as having lost it: the job's attempts would have ended it by then, so its job was
 * never sent (the process died between the row's insert and the job's, or the send failed).
 * Twice the longest the attempts take, and at least two hours (the default: 4 × 15 minutes,
 * doubled). Sweeps send such work's job again; its handler must take effect once if run twice.
 */
export const lostJobAfterMs = (expireSeconds: number) => Math.max(2 * 3_600_000, 2 * JOB_ATTEMPTS * expireSeconds * 1000);

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

/**
 * Background work that is not time-driven (package parsing, downloads, exports), on
 * pg-boss in our own database: PostgreSQL natively, PGlite through its executeSql hook.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #workers: Array<{ name: string; handler: JobHandler<unknown>; onGiveUp?: JobHandler<unknown> }> = [];
  readonly #deadLetters = new Map<string, string>();
  /** This instance's worker of each queue, woken when this instance sends it a job. */
  readonly #workerIds = new Map<string, string>();
  #started = false;
  /** Set once stop() has waited what it waits: a handler still running then is abandoned. */
  #stopped = false;

  /**
   * `expireSeconds`: a job whose worker died with its process (crash, kill -9) stays
   * active until this passes; the supervisor then fails it and it is retried. Supervision
   * runs often enough to notice within about half that time.
   */
  constructor(
    database: Database,
    log: FastifyBaseLogger,
    private readonly workersEnabled: boolean,
    private readonly expireSeconds = 900,
    private readonly pollSeconds = POLL_SECONDS,
  ) {
    this.#log = log;
    this.#boss = new PgBoss({
      // After stop, a handler that outlived its grace ends in pg-boss recording its result on a
      // database that may be closed: that write is dropped (the job expires and runs again),
      // instead of failing as a rejection nobody awaits.
      db: { executeSql: (text: string, values?: unknown[]) => (this.#stopped ? Promise.resolve({ rows: [] }) : database.executeSql(text, values)) },
      schedule: false,
      supervise: workersEnabled,
      maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(expireSeconds / 2))),
    } as unknown as PgBoss.ConstructorOptions);
    this.#boss.on('error', (err: unknown) => this.#log.error({ err }, 'job queue error'));
  }

  /**
   * Declares a queue and its worker; workers start with `start()`. `onGiveUp` runs (on a
   * dead-letter queue) for a job that failed or died on every attempt, so what waits for it
   * is told instead of waiting for ever.
   */
  work<T>(name: string, handler: JobHandler<T>, onGiveUp?: JobHandler<T>): void {
    if (this.#started) throw new Error('register workers before start');
    this.#workers.push({ name, handler: handler as JobHandler<unknown>, ...(onGiveUp ? { onGiveUp: onGiveUp as JobHandler<unknown> } : {}) });
  }

  async start(): Promise<void> {
    await this.#boss.start();
    for (const { name, handler, onGiveUp } of this.#workers) {
      const deadLetter = onGiveUp ? `${name}__gave-up` : null;
      if (deadLetter) {
        await this.#boss.createQueue(deadLetter);
        this.#deadLetters.set(name, deadLetter);
      }
      await this.#boss.createQueue(name, { name, ...(deadLetter ? { deadLetter } : {}) });
      if (!this.workersEnabled) continue;
      // After a job, look again at once (more may wait); an empty look sleeps until woken or the next poll.
      this.#workerIds.set(
        name,
        await this.#boss.work(name, { pollingIntervalSeconds: this.pollSeconds, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data, { id: job.id });
          this.wake(name);
        }),
      );
      if (deadLetter && onGiveUp) {
        this.#workerIds.set(
          deadLetter,
          await this.#boss.work(deadLetter, { pollingIntervalSeconds: this.pollSeconds, batchSize: 1 }, async (jobs) => {
            for (const job of jobs) await onGiveUp(job.data, { id: job.id });
            this.wake(deadLetter);
          }),
        );
      }
    }
    this.#started = true;
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    const id = await this.#boss.send(name, data, this.#options(name, options));
    if (id && !options.startAfter) this.wake(name);
    return id;
  }

  /**
   * Sends the job as one of `tx`'s writes: it exists exactly when the rows it works on do,
   * so no crash between a row's commit and its job's send leaves the row waiting for ever,
   * and a send that fails undoes the row. The job cannot be seen before the commit, so
   * nobody is woken: call `wake(name)` once the transaction has committed (else the
   * worker finds it at its next look).
   */
  async sendIn<T extends object>(tx: Tx, name: string, data: T, options: Omit<PgBoss.SendOptions, 'db'> = {}): Promise<string | null> {
    return this.#boss.send(name, data, { ...this.#options(name, options), db: { executeSql: executeIn(tx) } });
  }

  #options(name: string, options: PgBoss.SendOptions): PgBoss.SendOptions {
    const deadLetter = this.#deadLetters.get(name);
    return { retryLimit: JOB_ATTEMPTS - 1, retryBackoff: true, expireInSeconds: this.expireSeconds, ...(deadLetter ? { deadLetter } : {}), ...options };
  }

  /**
   * This instance's worker of the queue, if it has one, looks for jobs now (`send` does it
   * itself; after `sendIn`, the caller does once the transaction has committed).
   */
  wake(name: string): void {
    const workerId = this.#workerIds.get(name);
    if (workerId) this.#boss.notifyWorker(workerId);
  }

  async getJob(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5000 });
    this.#stopped = true;
  }
}
