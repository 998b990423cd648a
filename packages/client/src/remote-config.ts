import type { WharfClient } from './client';
import { WharfError, WHARF_CODES } from './errors';
import { serverEvents } from './events';
import { instanceIdIn } from './instance';
import type { KeyValueStore } from './storage';

/** What the app tells the server about itself; conditions on what it leaves out do not hold. */
export interface DeviceAttributes {
  appVersion?: string;
  os?: 'android' | 'ios' | 'harmonyos' | 'web';
  osVersion?: string;
  /** ISO 3166 alpha-2; when left out, the server takes the region of Accept-Language. */
  country?: string;
  language?: string;
  deviceModel?: string;
  userProperties?: Record<string, string>;
}

export type ValueSource = 'remote' | 'default' | 'static';
type ValueType = 'string' | 'number' | 'boolean' | 'json';

/** An A/B experiment this instance takes part in, and its variant (0: the baseline). */
export interface ExperimentAssignment {
  id: string;
  variant: number;
}

/** What logs an exposure: `getAnalytics(wharf)` from `@wharf/analytics`, or anything with its `logEvent`. */
export interface ExposureLog {
  logEvent(name: string, properties: Record<string, string | number | boolean>): void;
}

/** A set of values as the server answered it, kept in the store. */
interface Fetched {
  version: number;
  experiments?: ExperimentAssignment[];
  values: Record<string, string>;
  types: Record<string, ValueType>;
  etag: string | null;
  at: number;
  interval: number;
}

export interface FetchResult {
  /** `fetched`: new values wait for `activate()`; `unchanged`: the server has nothing newer; `throttled`: asked too soon, nothing sent. */
  status: 'fetched' | 'unchanged' | 'throttled';
  version: number;
}

export interface RemoteConfigOptions {
  /** Where the instance ID and the values are kept; the client's store by default. */
  store?: KeyValueStore;
  /** What the app knows of itself, read at every fetch (its user properties may change). */
  attributes?: () => DeviceAttributes | Promise<DeviceAttributes>;
  /** Made once per installation and kept; a random ID by default. */
  newInstanceId?: () => string;
  now?: () => number;
  /**
   * Where exposures to A/B experiments are logged (an `ab_exposure` event each), when values
   * from an experiment become active: pass the app's analytics, whose instance ID is the same.
   */
  exposures?: ExposureLog;
}

/** The call this module makes (a server test checks it against the contract). */
export const REMOTE_CONFIG_FETCH = { method: 'POST', path: '/rcs/v1/client/fetch' } as const;
export const REMOTE_CONFIG_UPDATES = { method: 'GET', path: '/rcs/v1/client/updates' } as const;
/** The event an exposure is logged as (the server's results count these). */
export const EXPOSURE_EVENT = 'ab_exposure';

/**
 * Remote Configuration on a device, as Firebase's SDK behaves: in-app defaults, values
 * fetched into a pending set, activated when the app chooses (`activate()`) or at its next
 * start, and never fetched again sooner than the app's interval (a 304 when unchanged).
 */
export class RemoteConfig {
  readonly ready: Promise<void>;
  #defaults: Record<string, string> = {};
  #active: Fetched | null = null;
  #pending: Fetched | null = null;
  #instanceId = '';
  readonly #keys: { active: string; pending: string };
  readonly #now: () => number;

  constructor(
    private readonly client: WharfClient,
    private readonly options: RemoteConfigOptions & { store: KeyValueStore },
  ) {
    const prefix = `wharf:${client.config.appId}:remote-config`;
    this.#keys = { active: `${prefix}:active`, pending: `${prefix}:pending` };
    this.#now = options.now ?? Date.now;
    this.ready = this.#start();
  }

  /** Values the app ships with, used until a fetched value is active (and for keys the server leaves out). */
  setDefaults(defaults: Record<string, string | number | boolean | object>): void {
    this.#defaults = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  }

  /** Asks the server for the values that apply to this instance; they wait for `activate()`. */
  async fetch({ force = false } = {}): Promise<FetchResult> {
    await this.ready;
    const last = this.#pending ?? this.#active;
    if (!force && last && this.#now() - last.at < last.interval * 1000) return { status: 'throttled', version: last.version };
    const attributes = (await this.options.attributes?.()) ?? {};
    let answer: Record<string, unknown>;
    try {
      answer = await this.client.request({ method: REMOTE_CONFIG_FETCH.method, path: REMOTE_CONFIG_FETCH.path, query: { deviceId: this.#instanceId }, body: attributes, ifNoneMatch: last?.etag ?? null, noRetry: true, idempotent: true });
    } catch (err) {
      if (err instanceof WharfError && err.code === WHARF_CODES.tooManyRequests) return { status: 'throttled', version: last?.version ?? 0 };
      throw err;
    }
    if (answer.notModified === true && last) {
      const renewed = { ...last, at: this.#now() };
      await this.#keep(last === this.#pending ? 'pending' : 'active', renewed);
      return { status: 'unchanged', version: last.version };
    }
    const fetched: Fetched = {
      version: Number(answer.version),
      values: (answer.values ?? {}) as Record<string, string>,
      types: (answer.types ?? {}) as Record<string, ValueType>,
      experiments: Array.isArray(answer.experiments) ? (answer.experiments as ExperimentAssignment[]) : [],
      etag: typeof answer.etag === 'string' ? answer.etag : null,
      at: this.#now(),
      interval: Number(answer.minimumFetchIntervalSeconds ?? 0),
    };
    await this.#keep('pending', fetched);
    return { status: 'fetched', version: fetched.version };
  }

  /** Makes the fetched values the ones `get…` answers; resolves to whether anything was waiting. */
  async activate(): Promise<boolean> {
    await this.ready;
    if (!this.#pending) return false;
    await this.#activatePending();
    return true;
  }

  /** The pending values become the active ones; experiments new to this instance are logged as exposures. */
  async #activatePending(): Promise<void> {
    const before = new Set((this.#active?.experiments ?? []).map((e) => `${e.id}:${e.variant}`));
    await this.#keep('active', this.#pending!);
    this.#pending = null;
    await this.options.store.remove(this.#keys.pending);
    for (const e of this.#active!.experiments ?? []) {
      if (!before.has(`${e.id}:${e.variant}`)) this.options.exposures?.logEvent(EXPOSURE_EVENT, { experiment: e.id, variant: e.variant });
    }
  }

  /** The A/B experiments the active values come from. */
  get experiments(): ExperimentAssignment[] {
    return [...(this.#active?.experiments ?? [])];
  }

  async fetchAndActivate(): Promise<boolean> {
    await this.fetch();
    return this.activate();
  }

  /**
   * Hears of each version published while the app runs (a server-sent event stream, kept
   * open and reopened with backoff when it ends or fails); the listener usually fetches
   * (`fetch({ force: true })`, which a newer version always passes) and activates. Answers
   * the function that stops listening.
   */
  onUpdate(listener: (version: number) => void): () => void {
    const stop = new AbortController();
    const wait = (ms: number) => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
    void (async () => {
      await this.ready;
      let delay = 1000;
      while (!stop.signal.aborted) {
        try {
          const res = await this.client.openStream({ method: REMOTE_CONFIG_UPDATES.method, path: REMOTE_CONFIG_UPDATES.path, query: { after: this.#known() } }, stop.signal);
          if (res.ok && res.body) {
            delay = 1000;
            for await (const e of serverEvents(res.body)) {
              const version = e.event === 'updated' ? Number((JSON.parse(e.data) as { version?: unknown }).version) : NaN;
              if (version > this.#known()) {
                this.#heard = version;
                listener(version);
              }
            }
          }
        } catch {
          // A dropped stream is opened again below; nothing to report.
        }
        if (!stop.signal.aborted) await wait(delay);
        delay = Math.min(delay * 2, 60_000);
      }
    })();
    return () => stop.abort();
  }

  /** The newest version this instance holds or has heard of. */
  #known(): number {
    return Math.max(this.#active?.version ?? 0, this.#pending?.version ?? 0, this.#heard);
  }

  #heard = 0;

  /** The published version the active values come from (0: none yet). */
  get version(): number {
    return this.#active?.version ?? 0;
  }

  get instanceId(): string {
    return this.#instanceId;
  }

  getSource(key: string): ValueSource {
    if (this.#active && key in this.#active.values) return 'remote';
    return key in this.#defaults ? 'default' : 'static';
  }

  getString(key: string): string {
    return this.#active?.values[key] ?? this.#defaults[key] ?? '';
  }

  getNumber(key: string): number {
    const n = Number(this.getString(key));
    return Number.isFinite(n) ? n : 0;
  }

  getBoolean(key: string): boolean {
    return ['true', '1', 'yes', 'on'].includes(this.getString(key).toLowerCase());
  }

  getJson<T = unknown>(key: string): T | null {
    try {
      return JSON.parse(this.getString(key)) as T;
    } catch {
      return null;
    }
  }

  /** Every key the app has a value for, active or default. */
  getAll(): Record<string, string> {
    return { ...this.#defaults, ...(this.#active?.values ?? {}) };
  }

  async #start(): Promise<void> {
    const { store } = this.options;
    this.#instanceId = await instanceIdIn(store, this.client.config.appId, this.options.newInstanceId);
    this.#active = parse(await store.get(this.#keys.active));
    this.#pending = parse(await store.get(this.#keys.pending));
    // Values fetched in an earlier run become active at this start, before the app reads any.
    if (this.#pending) await this.#activatePending();
  }

  async #keep(which: 'active' | 'pending', set: Fetched): Promise<void> {
    if (which === 'active') this.#active = set;
    else this.#pending = set;
    await this.options.store.set(this.#keys[which], JSON.stringify(set));
  }
}

function parse(text: string | null): Fetched | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Fetched;
    return typeof value.version === 'number' && typeof value.values === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** The app's Remote Configuration on its client: `getRemoteConfig(wharf, { attributes })`. */
export function getRemoteConfig(client: WharfClient, options: RemoteConfigOptions = {}): RemoteConfig {
  return new RemoteConfig(client, { ...options, store: options.store ?? client.store });
}
