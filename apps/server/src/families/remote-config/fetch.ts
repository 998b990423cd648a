import { remoteConfigApi, type FetchAttributes, type RemoteTemplate } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import { prepareAnswer, type PreparedAnswer } from '../../platform/http/register';
import { audiencesOf } from './audiences';
import { compileConditions, matchMask, usesAudiences, valuesFor } from './evaluate';
import { compileAssignment, overlay, type ExperimentOverlay } from './overlay';
import { remoteConfigRepo } from './repo';
import { DEFAULT_FETCH_INTERVAL_SECONDS, PUBLISHED_CHANNEL } from './draft-tx';

/** How long an instance serves an app's published version without asking the database. */
const LIVE_TTL_MS = 2_000;
const APPS_KEPT = 10_000;
/** Answers kept per published version: one per set of holding conditions seen. */
const ANSWERS_PER_VERSION = 1_024;
/** App instances whose last fetch this server remembers (for the minimum interval). */
const INSTANCES_KEPT = 200_000;
/**
 * How long an instance's audiences are kept here: analytics works them out every hour at
 * most, so a minute more costs little and spares a read on every fetch of a busy instance.
 */
const AUDIENCES_TTL_MS = 60_000;

interface Live {
  number: number;
  template: RemoteTemplate;
  /** The conditions made into tests once per version. */
  conditions: ReturnType<typeof compileConditions>;
  /** The running A/B experiments, in the order they started, each with its assignment made into a test. */
  experiments: ExperimentOverlay[];
  assignments: Array<ReturnType<typeof compileAssignment>>;
  /** Whether a condition or an experiment tests audiences: only then does a fetch look up the instance's. */
  audiences: boolean;
  interval: number;
  /** Prepared answers by match mask: the hot path computes the mask, then looks the bytes up. */
  answers: Map<string, PreparedAnswer>;
  loadedAt: number;
}

/** Each server's fetch, by its pub/sub: another family's change (an experiment starting) is served here at once. */
const FETCHES = new WeakMap<object, RemoteConfigFetch>();

/** This server forgets what it serves the app (after a change committed elsewhere in the code). */
export function forgetLive(pubsub: object, appId: string): void {
  FETCHES.get(pubsub)?.forget(appId);
}

const THROTTLED = { zh: '获取过于频繁，请稍后再试', en: 'Fetched too often; the app keeps its values until the interval has passed', ru: 'Слишком частая загрузка; приложение сохраняет свои значения до конца интервала' };

/**
 * What devices fetch. Each instance keeps an app's published version for two seconds
 * (or until a publish on any instance says otherwise) with its answers prepared, and
 * remembers when each app instance last fetched, in memory: a fetch never writes.
 */
export class RemoteConfigFetch {
  readonly #live = new Map<string, Live>();
  readonly #loading = new Map<string, Promise<Live>>();
  readonly #lastFetch = new Map<string, { at: number; version: number }>();
  readonly #audiences = new Map<string, { at: number; ids: ReadonlySet<string> }>();
  #generation = 0;

  constructor(private readonly deps: Pick<Deps, 'db' | 'clock' | 'pubsub'>) {
    deps.pubsub.subscribe(PUBLISHED_CHANNEL, (payload) => this.forget((payload as { appId: string }).appId));
    FETCHES.set(deps.pubsub, this);
  }

  forget(appId: string): void {
    this.#generation += 1;
    this.#live.delete(appId);
    this.#loading.delete(appId);
  }

  /** The version devices of the app get now (0: none published). */
  async liveVersion(appId: string): Promise<number> {
    return (await this.#liveOf(appId)).number;
  }

  /** The prepared answer for this device; throws 429 when it fetched the same version too recently. */
  async fetch(appId: string, deviceId: string, attributes: FetchAttributes): Promise<PreparedAnswer> {
    const live = await this.#liveOf(appId);
    const now = this.deps.clock.now();
    this.#throttle(appId, deviceId, live, now.getTime());
    const audiences = live.audiences ? await this.#audiencesOf(appId, deviceId, now.getTime()) : undefined;
    const facts = { ...attributes, deviceId, now, audiences };
    const mask = matchMask(live.conditions, facts);
    const variants = live.assignments.map((assign) => assign(facts));
    const key = variants.length ? `${mask}|${variants.join(',')}` : mask;
    let answer = live.answers.get(key);
    if (!answer) {
      const { values, types } = overlay(valuesFor(live.template, mask), live.experiments, variants);
      const experiments = live.experiments.flatMap((e, i) => (variants[i]! >= 0 ? [{ id: e.id, variant: variants[i]! }] : []));
      answer = prepareAnswer(remoteConfigApi.fetchRemoteConfig, { version: live.number, values, types, minimumFetchIntervalSeconds: live.interval, experiments });
      if (live.answers.size >= ANSWERS_PER_VERSION) live.answers.delete(live.answers.keys().next().value!);
      live.answers.set(key, answer);
    }
    return answer;
  }

  async #audiencesOf(appId: string, deviceId: string, nowMs: number): Promise<ReadonlySet<string>> {
    const key = `${appId}\n${deviceId}`;
    const kept = this.#audiences.get(key);
    if (kept && nowMs - kept.at < AUDIENCES_TTL_MS) return kept.ids;
    const ids = await audiencesOf(this.deps.db, appId, deviceId);
    this.#audiences.delete(key);
    if (this.#audiences.size >= INSTANCES_KEPT) this.#audiences.delete(this.#audiences.keys().next().value!);
    this.#audiences.set(key, { at: nowMs, ids });
    return ids;
  }

  /** An instance that already holds this version waits out the interval; a newer version is fetched at once. */
  #throttle(appId: string, deviceId: string, live: Live, nowMs: number): void {
    const key = `${appId}\n${deviceId}`;
    const last = this.#lastFetch.get(key);
    if (last && live.interval > 0 && last.version === live.number && nowMs - last.at < live.interval * 1000) {
      const retryAfter = Math.ceil((last.at + live.interval * 1000 - nowMs) / 1000);
      throw new AppError('rateLimited', THROTTLED, { 'Retry-After': String(retryAfter) });
    }
    this.#lastFetch.delete(key);
    if (this.#lastFetch.size >= INSTANCES_KEPT) this.#lastFetch.delete(this.#lastFetch.keys().next().value!);
    this.#lastFetch.set(key, { at: nowMs, version: live.number });
  }

  async #liveOf(appId: string): Promise<Live> {
    const known = this.#live.get(appId);
    const nowMs = Date.now();
    if (known && nowMs - known.loadedAt < LIVE_TTL_MS) return known;
    const pending = this.#loading.get(appId);
    if (pending) return pending;
    const generation = this.#generation;
    const load = (async () => {
      const row = await remoteConfigRepo.live(this.deps.db, appId);
      const template = row?.template ?? { conditions: [], parameters: [] };
      const experiments = row?.experiments ?? [];
      // A running experiment's overlay never changes: the same ids are the same experiments.
      const same = known && known.number === row?.number && known.interval === row.interval && known.experiments.map((e) => e.id).join() === experiments.map((e) => e.id).join();
      const live: Live = {
        number: row?.number ?? 0,
        template,
        conditions: same ? known.conditions : compileConditions(template),
        experiments,
        assignments: same ? known.assignments : experiments.map(compileAssignment),
        audiences: usesAudiences(template) || experiments.some((e) => e.rules.some((r) => r.field === 'audience')),
        interval: row?.interval ?? DEFAULT_FETCH_INTERVAL_SECONDS,
        // The same version loaded again keeps its prepared answers.
        answers: same ? known.answers : new Map(),
        loadedAt: nowMs,
      };
      if (generation === this.#generation) {
        if (this.#live.size >= APPS_KEPT) this.#live.delete(this.#live.keys().next().value!);
        this.#live.set(appId, live);
      }
      return live;
    })();
    this.#loading.set(appId, load);
    void load.finally(() => {
      if (this.#loading.get(appId) === load) this.#loading.delete(appId);
    }).catch(() => undefined);
    return load;
  }
}
