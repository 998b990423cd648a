import { instanceIdIn, type KeyValueStore, type WharfClient } from '@wharf/client';
import { Sessions } from './session';

export type PropertyValue = string | number | boolean;

/** What the app tells about itself with every batch; every field is optional. */
export interface DeviceContext {
  appVersion?: string;
  os?: 'android' | 'ios' | 'harmonyos' | 'web';
  osVersion?: string;
  deviceModel?: string;
  /** ISO 3166 alpha-2; when left out, the server takes the region of Accept-Language. */
  country?: string;
  language?: string;
}

export interface AnalyticsOptions {
  /** Where the instance ID, unsent events and the session are kept; the client's store by default. */
  store?: KeyValueStore;
  /** What the app knows of itself, read when a batch is sent. */
  context?: () => DeviceContext;
  /** Events sent together at most (the server takes up to 500). */
  batchSize?: number;
  /** How often buffered events are sent; 0 sends only on `flush()`. */
  flushIntervalMs?: number;
  /** A session ends after this long without activity (Firebase: 30 minutes). */
  sessionTimeoutMs?: number;
  /** Record first_open, session_start and session_end by themselves (default true). */
  automaticEvents?: boolean;
  newInstanceId?: () => string;
  now?: () => number;
}

interface BufferedEvent {
  id: string;
  name: string;
  at: number;
  value?: number;
  properties?: Record<string, PropertyValue>;
}

/** The calls this module makes (a server test checks them against the contract). */
export const ANALYTICS_CALLS = {
  send: { method: 'POST', path: '/ha/v1/client/events' },
  optOut: { method: 'PUT', path: '/ha/v1/client/opt-out' },
} as const;

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const eventId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`);

/**
 * Analytics on a device: events are buffered (and kept in the store, so a crash or a
 * closed tab loses nothing), sent in batches through the client's offline queue (in
 * order, retried, kept while offline), with the app's context and the signed-in user.
 */
export class Analytics {
  readonly ready: Promise<void>;
  #instanceId = '';
  #buffer: BufferedEvent[] = [];
  #optedOut = false;
  #userId: string | null = null;
  readonly #userProperties: Record<string, PropertyValue> = {};
  readonly #sessions: Sessions;
  readonly #keys: { buffer: string; optOut: string; opened: string };
  readonly #now: () => number;
  readonly #store: KeyValueStore;
  #saving: Promise<void> = Promise.resolve();
  #timer: ReturnType<typeof setInterval> | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly client: WharfClient,
    private readonly options: AnalyticsOptions = {},
  ) {
    const prefix = `wharf:${client.config.appId}:analytics`;
    this.#keys = { buffer: `${prefix}:buffer`, optOut: `${prefix}:opt-out`, opened: `${prefix}:opened` };
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? client.store;
    this.#sessions = new Sessions(this.#store, `${prefix}:session`, options.sessionTimeoutMs ?? 30 * 60_000);
    this.ready = this.#start(this.#now());
  }

  get instanceId(): string {
    return this.#instanceId;
  }

  get optedOut(): boolean {
    return this.#optedOut;
  }

  /** Records an event; a name that is not one throws at once (a mistake in the app, not in the data). */
  logEvent(name: string, properties: Record<string, PropertyValue> = {}, value?: number): void {
    if (!NAME.test(name)) throw new TypeError(`"${name}" is not an event name: a letter, then letters, digits and underscores, 40 at most`);
    // The moment is the call's, not the one the store is ready at.
    const at = this.#now();
    void this.ready.then(() => this.#record(name, at, properties, value));
  }

  screenView(screen: string, properties: Record<string, PropertyValue> = {}): void {
    this.logEvent('screen_view', { screen, ...properties });
  }

  /**
   * Records that the app crashed (call it from the app's crash or unhandled-error handler):
   * an `app_crash` event with the error's kind and message (cut to a property's length),
   * kept in the store at once, so it is sent on the next start if the process ends now.
   * App Analytics counts crash-free users from these.
   */
  recordCrash(error?: unknown, fatal = true): void {
    const kind = error instanceof Error ? error.name : typeof error === 'string' ? 'Error' : 'Unknown';
    const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
    this.logEvent('app_crash', { fatal, kind: kind.slice(0, 100), message: message.slice(0, 100) });
  }

  /** The signed-in app user's ID (null on sign-out), sent with the following events. */
  setUserId(id: string | null): void {
    this.#userId = id;
  }

  setUserProperty(name: string, value: PropertyValue | null): void {
    if (!NAME.test(name)) throw new TypeError(`"${name}" is not a property name`);
    if (value === null) delete this.#userProperties[name];
    else this.#userProperties[name] = value;
  }

  /** Ends the session now (the app closes), so its length is known without waiting for the timeout. */
  endSession(): void {
    const at = this.#now();
    void this.ready.then(() => {
      const ended = this.#sessions.end(at);
      if (ended && this.options.automaticEvents !== false) this.#push({ id: eventId(), name: 'session_end', at: ended.at, value: ended.seconds });
    });
  }

  /** Sends what is buffered; resolves when the server has it (or it waits in the offline queue). */
  flush(): Promise<void> {
    // One at a time: two flushes at once would queue the same events twice.
    this.#flushing = this.#flushing.catch(() => undefined).then(() => this.#flushOnce());
    return this.#flushing;
  }

  /** Stops (or resumes) analytics for this instance: nothing buffered is sent, and the server drops what arrives meanwhile. */
  async setOptOut(optedOut: boolean): Promise<void> {
    await this.ready;
    this.#optedOut = optedOut;
    if (optedOut) this.#buffer = [];
    this.#save();
    await this.#store.set(this.#keys.optOut, optedOut ? '1' : '0');
    await this.client.enqueue({ ...ANALYTICS_CALLS.optOut, query: { deviceId: this.#instanceId }, body: { optedOut }, idempotent: true });
  }

  /** Stops the timer and the page listeners (tests, or an app that shuts analytics down). */
  close(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #flushOnce(): Promise<void> {
    await this.ready;
    await this.#saving;
    const count = this.#buffer.length;
    if (this.#optedOut || !count) return;
    const events = this.#buffer.slice(0, count);
    const size = Math.max(1, Math.min(500, this.options.batchSize ?? 50));
    const context = { ...this.options.context?.(), ...(this.#userId ? { userId: this.#userId } : {}), ...(Object.keys(this.#userProperties).length ? { userProperties: { ...this.#userProperties } } : {}) };
    // Queued before the buffer lets go of them: the queue keeps them from here on.
    for (let i = 0; i < events.length; i += size) {
      await this.client.enqueue({ ...ANALYTICS_CALLS.send, query: { deviceId: this.#instanceId }, body: { context, events: events.slice(i, i + size) }, idempotent: true });
    }
    this.#buffer = this.#buffer.slice(count);
    this.#save();
    await this.#saving;
    await this.client.flush();
  }

  #record(name: string, at: number, properties: Record<string, PropertyValue>, value?: number): void {
    if (this.#optedOut) return;
    if (this.options.automaticEvents !== false) this.#session(at);
    this.#push({ id: eventId(), name, at, ...(value !== undefined ? { value } : {}), ...(Object.keys(properties).length ? { properties } : {}) });
    if (this.#buffer.length >= (this.options.batchSize ?? 50)) void this.flush().catch(() => undefined);
  }

  #session(now: number): void {
    const { ended, started } = this.#sessions.touch(now);
    if (ended) this.#push({ id: eventId(), name: 'session_end', at: ended.at, value: ended.seconds });
    if (started) this.#push({ id: eventId(), name: 'session_start', at: now });
  }

  #push(event: BufferedEvent): void {
    if (this.#optedOut) return;
    this.#buffer.push(event);
    this.#save();
  }

  #save(): void {
    const value = JSON.stringify(this.#buffer);
    this.#saving = this.#saving.then(() => this.#store.set(this.#keys.buffer, value)).catch(() => undefined);
  }

  async #start(openedAt: number): Promise<void> {
    this.#instanceId = await instanceIdIn(this.#store, this.client.config.appId, this.options.newInstanceId);
    this.#optedOut = (await this.#store.get(this.#keys.optOut)) === '1';
    try {
      this.#buffer = JSON.parse((await this.#store.get(this.#keys.buffer)) ?? '[]') as BufferedEvent[];
    } catch {
      this.#buffer = [];
    }
    await this.#sessions.load();
    if (!this.#optedOut && this.options.automaticEvents !== false) {
      if (!(await this.#store.get(this.#keys.opened))) {
        await this.#store.set(this.#keys.opened, '1');
        this.#session(openedAt);
        this.#push({ id: eventId(), name: 'first_open', at: openedAt });
      } else this.#session(openedAt);
    }
    const every = this.options.flushIntervalMs ?? 10_000;
    if (every > 0) {
      this.#timer = setInterval(() => void this.flush().catch(() => undefined), every);
      (this.#timer as { unref?: () => void }).unref?.();
    }
    // A page being hidden may be its end: what is buffered goes to the queue (kept) and out.
    const page = globalThis as { addEventListener?: (type: string, fn: () => void) => void; document?: { visibilityState?: string } };
    page.addEventListener?.('visibilitychange', () => {
      if (page.document?.visibilityState === 'hidden') void this.flush().catch(() => undefined);
    });
  }
}

/** The app's analytics, made once per client. */
export function getAnalytics(client: WharfClient, options: AnalyticsOptions = {}): Analytics {
  const made = instances.get(client);
  if (made) return made;
  const analytics = new Analytics(client, options);
  instances.set(client, analytics);
  return analytics;
}
const instances = new WeakMap<WharfClient, Analytics>();
