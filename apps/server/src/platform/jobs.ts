import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/types';

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

/**
 * Background work that is not time-driven (package parsing, downloads, exports), on
 * pg-boss in our own database: PostgreSQL natively, PGlite through its executeSql hook.
 */
export class Jobs {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  readonly #workers: Array<{ name: string; handler: JobHandler<unknown> }> = [];
  #started = false;

  constructor(database: Database, log: FastifyBaseLogger, private readonly workersEnabled: boolean) {
    this.#log = log;
    this.#boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schedule: false,
      supervise: workersEnabled,
    } as unknown as PgBoss.ConstructorOptions);
    this.#boss.on('error', (err: unknown) => this.#log.error({ err }, 'job queue error'));
  }

  /** Declares a queue and its worker; workers start with `start()`. */
  work<T>(name: string, handler: JobHandler<T>): void {
    if (this.#started) throw new Error('register workers before start');
    this.#workers.push({ name, handler: handler as JobHandler<unknown> });
  }

  async start(): Promise<void> {
    await this.#boss.start();
    for (const { name, handler } of this.#workers) {
      await this.#boss.createQueue(name);
      if (!this.workersEnabled) continue;
      await this.#boss.work(name, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id });
      });
    }
    this.#started = true;
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    return this.#boss.send(name, data, { retryLimit: 3, retryBackoff: true, ...options });
  }

  async getJob(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
