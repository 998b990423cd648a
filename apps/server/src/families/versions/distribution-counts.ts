import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { defineTopic } from '../../platform/events';
import { downloadsRepo } from './downloads-repo';

/** What devices did with an app's releases in a quarter of an hour, summed: for analytics. */
export const distributionCounted = defineTopic(
  'versions.distribution-counted',
  z.object({
    appId: z.string(),
    counts: z.array(
      z.object({
        /**
         * The quarter-hour's start, ISO 8601: a subscriber puts it on its own calendar (every
         * time zone's offset is whole quarter-hours, so the quarter falls on one day anywhere).
         */
        from: z.string(),
        kind: z.enum(['download', 'updateCheck']),
        /** A download's version; '' for update checks (a device sends only its version code). */
        versionName: z.string(),
        country: z.string(),
        os: z.string(),
        count: z.number().int().min(1),
        /** Of the update checks, those answered with a version to install. */
        offered: z.number().int().min(0),
      }),
    ),
  }),
);
export type DistributionCount = z.infer<typeof distributionCounted.schema>['counts'][number];

/** A platform as the operating system analytics names (the same words as the SDK's `os`). */
const OS_OF: Record<string, string> = { android: 'android', harmony: 'harmonyos' };

/** One count's place: the same app, version, quarter-hour, kind, country and OS add up. */
const keyOf = (appId: string, versionId: string | null, from: string, kind: Pending['kind'], country: string, os: string) => `${appId}|${versionId ?? ''}|${from}|${kind}|${country}|${os}`;

interface Pending extends DistributionCount {
  appId: string;
  versionId: string | null;
}

/**
 * Downloads and update checks, counted in memory and written every
 * DISTRIBUTION_COUNTS_FLUSH_MS in one transaction: the download counts per version, and
 * one event per app for analytics. A device's request never waits on a counting write
 * (update checks answer from memory, docs/performance.md). What a crash loses is at most
 * one interval's counts; a graceful stop writes them. 0 (the tests): no interval, each
 * download is written at once with the update checks counted before it.
 */
export class DistributionCounter {
  readonly #pending = new Map<string, Pending>();
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'events' | 'log' | 'config'>) {}

  /** Writes on an interval from now until the app closes, then once more. */
  start(app: FastifyInstance): void {
    const every = this.deps.config.distributionCountsFlushMs;
    if (every > 0) {
      this.#timer = setInterval(() => void this.flush(), every);
      this.#timer.unref();
    }
    app.addHook('onClose', async () => {
      if (this.#timer) clearInterval(this.#timer);
      await this.flush();
    });
  }

  download(q: { appId: string; versionId: string; versionName: string; country: string; platform: string }): Promise<void> {
    this.#keep({ appId: q.appId, versionId: q.versionId, kind: 'download', versionName: q.versionName, country: q.country, os: OS_OF[q.platform] ?? '', from: this.#quarterNow(), count: 1, offered: 0 });
    return this.deps.config.distributionCountsFlushMs === 0 ? this.flush() : Promise.resolve();
  }

  /** On every update check's path: a lookup and two additions once the key is known (no promise, no copy). */
  updateCheck(appId: string, country: string, platform: string, offered: boolean): void {
    const from = this.#quarterNow();
    const os = OS_OF[platform] ?? '';
    const key = keyOf(appId, null, from, 'updateCheck', country, os);
    const seen = this.#pending.get(key);
    if (seen) {
      seen.count += 1;
      if (offered) seen.offered += 1;
    } else this.#pending.set(key, { appId, versionId: null, kind: 'updateCheck', versionName: '', country, os, from, count: 1, offered: offered ? 1 : 0 });
  }

  #quarter = { start: 0, iso: '' };

  /** The start of the quarter-hour now: every count of a quarter shares its name, made once. */
  #quarterNow(): string {
    const now = this.deps.clock.now().getTime();
    const start = now - (now % 900_000);
    if (start !== this.#quarter.start) this.#quarter = { start, iso: new Date(start).toISOString() };
    return this.#quarter.iso;
  }

  #keep(c: Pending): void {
    const key = keyOf(c.appId, c.versionId, c.from, c.kind, c.country, c.os);
    const seen = this.#pending.get(key);
    if (!seen) this.#pending.set(key, { ...c });
    else {
      seen.count += c.count;
      seen.offered += c.offered;
    }
  }

  /** Writes what is counted; one write at a time, so counts taken meanwhile wait for the next. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    if (!this.#pending.size) return;
    const taken = [...this.#pending.values()];
    this.#pending.clear();
    try {
      await this.deps.db.transaction(async (tx) => {
        for (const c of taken) if (c.kind === 'download' && c.versionId) await downloadsRepo.addDownloads(tx, c.from.slice(0, 10), c.versionId, c.country, c.count);
        const byApp = new Map<string, DistributionCount[]>();
        for (const { appId, versionId: _, ...count } of taken) {
          const counts = byApp.get(appId) ?? [];
          counts.push(count);
          byApp.set(appId, counts);
        }
        for (const [appId, counts] of byApp) await this.deps.events.publish(tx, distributionCounted, appId, { appId, counts });
      });
    } catch (err) {
      // Kept for the next write rather than lost (the database may be back by then).
      for (const c of taken) this.#keep(c);
      this.deps.log.warn({ err }, 'distribution counts not written; kept for the next write');
    }
  }
}

const COUNTERS = new WeakMap<object, DistributionCounter>();

/** The counter of one app (one per set of deps): its routes count into it; tests and the bench flush it. */
export function countersOf(deps: Pick<Deps, 'db' | 'clock' | 'events' | 'log' | 'config'>): DistributionCounter {
  let counter = COUNTERS.get(deps);
  if (!counter) COUNTERS.set(deps, (counter = new DistributionCounter(deps)));
  return counter;
}

/** Writes the downloads and update checks counted so far (a test, the bench, the demo). */
export const flushDistributionCounts = (deps: Pick<Deps, 'db' | 'clock' | 'events' | 'log' | 'config'>): Promise<void> => countersOf(deps).flush();

/** Downloads devices made at `at` (the demo's history), counted and written as real ones are. */
export async function countDownloadsAt(deps: Pick<Deps, 'db' | 'events' | 'log' | 'config'>, at: Date, downloads: ReadonlyArray<{ appId: string; versionId: string; versionName: string; country: string; platform: string; count: number }>): Promise<void> {
  // Never started and never writing by itself: everything counted goes in the one write below.
  const counter = new DistributionCounter({ ...deps, clock: { now: () => at }, config: { ...deps.config, distributionCountsFlushMs: Number.MAX_SAFE_INTEGER } });
  for (const d of downloads) for (let i = 0; i < d.count; i += 1) void counter.download(d);
  await counter.flush();
}
