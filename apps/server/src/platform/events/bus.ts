import type { FastifyBaseLogger } from 'fastify';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, DbOrTx, Tx } from '../db/types';
import type { PubSub } from '../pubsub';
import { eventDeliveries, events } from './tables';
import { Interests } from './interest';
import type { Subscription, Topic } from './topics';

const WAKE = 'events.wake';
const DEFAULT_MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 3_600_000;

/** 1 s, 2 s, 4 s... up to an hour between attempts. */
export const backoffMs = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

export interface DeadLetter {
  subscriber: string;
  eventId: number;
  topic: string;
  key: string;
  payload: unknown;
  attempts: number;
  lastError: string | null;
}

/** Deliveries of one subscriber handled in one transaction. */
const BATCH = 50;

interface Head {
  event_id: number | string;
  attempts: number;
  topic: string;
  key: string;
  payload: unknown;
  created_at: Date | string;
}

/**
 * The event bus: a transactional outbox with one delivery row per subscriber, delivered
 * at least once, in order per key, with retries and dead letters (docs/kernel/events.md).
 */
export class EventBus {
  readonly #byName = new Map<string, Subscription>();
  readonly #byTopic = new Map<string, Subscription[]>();
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #queued: Promise<number> | null = null;
  #unsubscribe: (() => void) | null = null;
  #interestTimer: NodeJS.Timeout | null = null;
  readonly interests: Interests;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; pubsub: PubSub; retentionMs: number }) {
    this.interests = new Interests(deps);
  }

  add(s: Subscription): void {
    if (this.#byName.has(s.name)) throw new Error(`two subscriptions are named ${s.name}`);
    this.#byName.set(s.name, s);
    this.interests.add(s);
    this.#byTopic.set(s.topic.name, [...(this.#byTopic.get(s.topic.name) ?? []), s]);
  }

  /** Writes the event in the caller's transaction: it exists exactly when the change does. */
  async publish<T>(tx: DbOrTx, topic: Topic<T>, key: string, payload: T): Promise<number> {
    const checked = topic.schema.parse(payload);
    const now = this.deps.clock.now();
    const [row] = await tx.insert(events).values({ topic: topic.name, key, payload: checked, createdAt: now }).returning({ id: events.id });
    const subscribers = this.#takers(topic.name, checked);
    if (subscribers.length) {
      await tx.insert(eventDeliveries).values(subscribers.map((s) => ({ eventId: row!.id, subscriber: s.name, key, nextAt: now })));
      // Sent when the transaction commits (PostgreSQL holds NOTIFY until then).
      await this.deps.pubsub.publishIn(tx, WAKE, null);
    }
    return row!.id;
  }

  /** Whether any subscription takes the topic (in this scope, for those with an interest): a hot path that publishes often asks first. */
  hasSubscribers(topic: Topic<unknown>, scope?: string): boolean {
    return (this.#byTopic.get(topic.name) ?? []).some((s) => scope === undefined || this.interests.wants(s, scope));
  }

  /** The subscriptions that want an event of this payload. */
  #takers(topic: string, payload: unknown): Subscription[] {
    return (this.#byTopic.get(topic) ?? []).filter((s) => {
      const scope = this.interests.scopeOf(s, payload);
      return scope === null || this.interests.wants(s, scope);
    });
  }

  /**
   * Several events of one topic in one insert (a batch of writes): each is its own event,
   * delivered in key order. Nothing is written while no subscription takes the topic: there
   * is nobody to deliver to, and a subscription added later starts from its own start.
   */
  async publishMany<T>(tx: DbOrTx, topic: Topic<T>, items: readonly { key: string; payload: T }[]): Promise<void> {
    // Only the events some subscription wants are written (none at all when nobody listens).
    const wanted = items.map((i) => ({ ...i, takers: this.#takers(topic.name, i.payload) })).filter((i) => i.takers.length > 0);
    if (wanted.length === 0) return;
    const now = this.deps.clock.now();
    const rows = await tx
      .insert(events)
      .values(wanted.map((i) => ({ topic: topic.name, key: i.key, payload: topic.schema.parse(i.payload), createdAt: now })))
      .returning({ id: events.id, key: events.key });
    await tx.insert(eventDeliveries).values(rows.flatMap((r, at) => wanted[at]!.takers.map((s) => ({ eventId: r.id, subscriber: s.name, key: r.key, nextAt: now }))));
    await this.deps.pubsub.publishIn(tx, WAKE, null);
  }

  /** Delivers on a timer and whenever any instance publishes. */
  start(pollMs: number): void {
    if (this.#timer) return;
    this.#unsubscribe = this.deps.pubsub.subscribe(WAKE, () => void this.drain().catch((err: unknown) => this.deps.log.error({ err }, 'event delivery failed')));
    this.#timer = setInterval(() => void this.drain().catch((err: unknown) => this.deps.log.error({ err }, 'event delivery failed')), pollMs);
    this.#timer.unref();
    // A missed pub/sub message (an instance reconnecting) costs an interest a minute at most.
    this.#interestTimer = setInterval(() => void this.interests.refresh(), 60_000);
    this.#interestTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#interestTimer) clearInterval(this.#interestTimer);
    this.#timer = null;
    this.#interestTimer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.#queued?.catch(() => undefined);
    await this.#running?.catch(() => undefined);
  }

  /** Delivers everything due now; a call during a run gets one more run after it. */
  drain(): Promise<number> {
    if (this.#queued) return this.#queued;
    if (this.#running) return (this.#queued = this.#running.then(() => this.#run(), () => this.#run()));
    return this.#run();
  }

  #run(): Promise<number> {
    this.#queued = null;
    this.#running = (async () => {
      let delivered = 0;
      for (const s of this.#byName.values()) {
        for (let n = await this.#deliverBatch(s); n > 0; n = await this.#deliverBatch(s)) delivered += n;
      }
      return delivered;
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /**
   * The oldest due deliveries of keys whose earlier events are settled, up to `BATCH` (at
   * most one a key, so a key's order holds), locked and handled in one transaction, each in
   * a savepoint of its own; how many were taken. One transaction an event made the bus the
   * bottleneck of anything fed by busy topics (200 sign-ups a second queued for a minute).
   */
  async #deliverBatch(s: Subscription): Promise<number> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`
        select d.event_id, d.attempts, e.topic, e.key, e.payload, e.created_at
          from event_deliveries d join events e on e.id = d.event_id
         where d.subscriber = ${s.name} and d.state = 'pending' and d.next_at <= ${now}
           and not exists (select 1 from event_deliveries p
                            where p.subscriber = d.subscriber and p.key = d.key and p.state = 'pending' and p.event_id < d.event_id)
         order by d.event_id
         limit ${BATCH}
         for update of d skip locked`)) as unknown as { rows: Head[] };
      for (const head of result.rows) {
        const eventId = Number(head.event_id);
        const where = and(eq(eventDeliveries.subscriber, s.name), eq(eventDeliveries.eventId, eventId));
        const attempt = head.attempts + 1;
        try {
          // A savepoint: a failing handler takes back its own writes, not the attempt's record.
          await tx.transaction(async (inner: Tx) => {
            await s.handle({ id: eventId, topic: head.topic, key: head.key, payload: head.payload, createdAt: new Date(head.created_at), attempt }, inner);
            await inner.update(eventDeliveries).set({ state: 'done', attempts: attempt, doneAt: now, lastError: null }).where(where);
          });
        } catch (err) {
          const dead = attempt >= (s.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
          this.deps.log.warn({ err, subscriber: s.name, eventId, attempt, dead }, 'event handler failed');
          await tx
            .update(eventDeliveries)
            .set({ state: dead ? 'dead' : 'pending', attempts: attempt, nextAt: new Date(now.getTime() + backoffMs(attempt)), lastError: String(err instanceof Error ? err.message : err).slice(0, 2000) })
            .where(where);
        }
      }
      return result.rows.length;
    });
  }

  async deadLetters(subscriber?: string): Promise<DeadLetter[]> {
    const rows = await this.deps.db
      .select({ subscriber: eventDeliveries.subscriber, eventId: eventDeliveries.eventId, topic: events.topic, key: events.key, payload: events.payload, attempts: eventDeliveries.attempts, lastError: eventDeliveries.lastError })
      .from(eventDeliveries)
      .innerJoin(events, eq(events.id, eventDeliveries.eventId))
      .where(and(eq(eventDeliveries.state, 'dead'), subscriber ? eq(eventDeliveries.subscriber, subscriber) : undefined))
      .orderBy(eventDeliveries.eventId);
    return rows;
  }

  /** Gives a dead letter to its subscriber again, with a fresh count of attempts. */
  async replay(subscriber: string, eventId: number): Promise<boolean> {
    const rows = await this.deps.db
      .update(eventDeliveries)
      .set({ state: 'pending', attempts: 0, nextAt: this.deps.clock.now() })
      .where(and(eq(eventDeliveries.subscriber, subscriber), eq(eventDeliveries.eventId, eventId), eq(eventDeliveries.state, 'dead')))
      .returning({ id: eventDeliveries.eventId });
    return rows.length > 0;
  }

  /** Forgets events past the retention that every subscriber has settled; dead letters stay. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.retentionMs);
    const unsettled = sql`exists (select 1 from event_deliveries d where d.event_id = ${events.id} and d.state <> 'done')`;
    const gone = await this.deps.db.delete(events).where(and(lt(events.createdAt, cutoff), sql`not ${unsettled}`)).returning({ id: events.id });
    return gone.length;
  }
}
