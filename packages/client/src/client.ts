import { Auth } from './auth';
import { readConfig, type ClientConfig, type WharfConfigFile } from './config';
import type { WharfError } from './errors';
import { OfflineQueue, type QueuedCall } from './queue';
import { DEFAULT_RETRY, type RetryPolicy } from './retry';
import { defaultStore, type KeyValueStore } from './storage';
import { Transport, type Answer, type WharfCall } from './transport';

export interface ClientOptions {
  /** Overrides the file's `agcgw.url` (a proxy, a test server). */
  gateway?: string;
  /** The language of the server's messages: `zh`, `ru` or `en` (the default). */
  lang?: string;
  /** Where the session and the offline queue are kept: `localStorage` in a browser, else memory. */
  store?: KeyValueStore;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** Called for a queued call the server refused for good (it is dropped). */
  onQueuedCallDropped?: (call: QueuedCall, error: WharfError) => void;
  /** For tests: time, waits and randomness. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** One app's connection to Wharf: what every family module is built on. */
export interface WharfClient {
  readonly config: ClientConfig;
  readonly auth: Auth;
  /** Where the SDK keeps what outlives a run; family modules keep theirs here too. */
  readonly store: KeyValueStore;
  /** A call with the app's key alone. */
  request<T = Answer>(call: WharfCall): Promise<T>;
  /** A call whose answer is read as it arrives (server-sent events), with the app's key alone. */
  openStream(call: WharfCall, signal: AbortSignal): Promise<Response>;
  /** A call as the signed-in user; refuses when nobody is (`code` `signed-out`). */
  requestAsUser<T = Answer>(call: Omit<WharfCall, 'authorization'>): Promise<T>;
  /** A call that may wait for the network: kept and sent in order (analytics, feedback). */
  enqueue(call: QueuedCall): Promise<void>;
  /** Sends what the offline queue holds; resolves to how many went. */
  flush(): Promise<number>;
  /** Calls waiting in the offline queue. */
  queued(): Promise<number>;
}

/**
 * Makes the client from the configuration file downloaded from App information (its text
 * or its parsed object). In a browser the queue is sent again whenever the page comes back
 * online.
 */
export function createClient(file: string | WharfConfigFile, options: ClientOptions = {}): WharfClient {
  const config = readConfig(file, options.gateway);
  const now = options.now ?? Date.now;
  const store = options.store ?? defaultStore();
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const transport = new Transport({
    config,
    fetch: fetchImpl,
    lang: options.lang ?? 'en',
    retry: { ...DEFAULT_RETRY, ...options.retry },
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
    now,
  });
  const prefix = `wharf:${config.appId}`;
  const auth = new Auth(transport, store, `${prefix}:session`, now);
  const queue = new OfflineQueue(
    store,
    `${prefix}:queue`,
    transport,
    async () => {
      const token = await auth.getAccessToken().catch(() => null);
      return token ? `Bearer ${token}` : undefined;
    },
    options.onQueuedCallDropped ?? (() => undefined),
  );
  const target = globalThis as { addEventListener?: (type: string, fn: () => void) => void };
  target.addEventListener?.('online', () => void queue.flush().catch(() => undefined));
  return {
    config,
    auth,
    store,
    request: (call) => transport.request(call),
    openStream: (call, signal) => transport.open(call, signal),
    requestAsUser: (call) => auth.request(call),
    enqueue: (call) => queue.add(call),
    flush: () => queue.flush(),
    queued: () => queue.size(),
  };
}
