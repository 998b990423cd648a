import type { WharfError } from './errors';
import type { KeyValueStore } from './storage';
import type { Transport, WharfCall } from './transport';

/** Calls kept at most; when full, the oldest go first (analytics events age badly anyway). */
export const QUEUE_LIMIT = 500;

/** A call that may wait: sent now if it can be, else kept (in the store) and sent in order later. */
export interface QueuedCall extends Omit<WharfCall, 'authorization'> {
  /** Send the app user's token with it, if someone is signed in when it goes. */
  asUser?: boolean;
}

/**
 * The offline queue. Calls are kept in the store, so they survive a restart, and sent in
 * the order they were made: a flush stops at the first call that fails for a reason that
 * can pass (no network, a busy server) and keeps it and the rest for the next flush; a
 * call the server refuses for good (a 4xx other than 429) is dropped and reported, since
 * sending it again would be refused again.
 */
export class OfflineQueue {
  #flushing: Promise<number> | null = null;
  #loaded: QueuedCall[] | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly key: string,
    private readonly transport: Transport,
    private readonly authorize: () => Promise<string | undefined>,
    private readonly onDropped: (call: QueuedCall, error: WharfError) => void,
  ) {}

  async add(call: QueuedCall): Promise<void> {
    const calls = await this.#calls();
    calls.push(call);
    if (calls.length > QUEUE_LIMIT) calls.splice(0, calls.length - QUEUE_LIMIT);
    await this.#save(calls);
    void this.flush().catch(() => undefined);
  }

  async size(): Promise<number> {
    return (await this.#calls()).length;
  }

  /** Sends what waits; resolves to how many went. Overlapping flushes share one. */
  flush(): Promise<number> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = null;
    });
    return this.#flushing;
  }

  async #flush(): Promise<number> {
    let sent = 0;
    for (;;) {
      const calls = await this.#calls();
      const next = calls[0];
      if (!next) return sent;
      try {
        const { asUser, ...call } = next;
        // One try here: the queue itself is the retry, at the next flush.
        await this.transport.request({ ...call, authorization: asUser ? await this.authorize() : undefined, idempotent: false });
        sent += 1;
      } catch (err) {
        const e = err as WharfError;
        if (e.transient) return sent;
        this.onDropped(next, e);
      }
      // By identity: while it was on its way, `add` may have dropped the oldest.
      const at = calls.indexOf(next);
      if (at >= 0) calls.splice(at, 1);
      await this.#save(calls);
    }
  }

  async #calls(): Promise<QueuedCall[]> {
    if (!this.#loaded) {
      const raw = await this.store.get(this.key);
      try {
        this.#loaded = raw ? (JSON.parse(raw) as QueuedCall[]) : [];
      } catch {
        this.#loaded = [];
      }
    }
    return this.#loaded;
  }

  #save(calls: QueuedCall[]): Promise<void> {
    return calls.length ? this.store.set(this.key, JSON.stringify(calls)) : this.store.remove(this.key);
  }
}
