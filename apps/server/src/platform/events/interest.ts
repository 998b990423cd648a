import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import type { PubSub } from '../pubsub';
import type { Subscription } from './topics';

/**
 * Which scopes (projects) each subscription with an `interest` wants, kept in memory: read
 * on first use, again when its family says on pub/sub that it changed, and every minute. A
 * subscription whose set is not read yet wants everything (an event too many costs its
 * handler a lookup; one too few would be lost).
 */
export class Interests {
  readonly #sets = new Map<string, Set<string>>();
  readonly #loading = new Map<string, Promise<void>>();
  readonly #subscriptions: Subscription[] = [];

  constructor(private readonly deps: { db: Db; pubsub: PubSub; log: FastifyBaseLogger }) {}

  add(s: Subscription): void {
    if (!s.interest) return;
    this.#subscriptions.push(s);
    this.deps.pubsub.subscribe(s.interest.changed, () => void this.#load(s));
    void this.#load(s);
  }

  /** Whether a subscription wants an event of this payload (or, with no payload, of this scope). */
  wants(s: Subscription, scope: string): boolean {
    if (!s.interest) return true;
    const set = this.#sets.get(s.name);
    if (!set) {
      void this.#load(s);
      return true;
    }
    return set.has(scope);
  }

  scopeOf(s: Subscription, payload: unknown): string | null {
    return s.interest ? s.interest.scopeOf(payload) : null;
  }

  /** Reads every set again (the minutely safety net, and a test's way to be sure). */
  async refresh(): Promise<void> {
    await Promise.all(this.#subscriptions.map((s) => this.#load(s)));
  }

  #load(s: Subscription): Promise<void> {
    let loading = this.#loading.get(s.name);
    if (!loading) {
      loading = s
        .interest!.wanted(this.deps.db)
        .then((scopes) => void this.#sets.set(s.name, new Set(scopes)))
        .catch((err: unknown) => this.deps.log.warn({ err, subscriber: s.name }, 'a subscription\u2019s interest was not read'))
        .finally(() => this.#loading.delete(s.name));
      this.#loading.set(s.name, loading);
    }
    return loading;
  }
}
