import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/types';

export type PubSubHandler = (payload: unknown) => void;

/**
 * Fire-and-forget messages between the instances of a deployment (cache invalidation,
 * live updates). Nothing is stored: an instance that is down misses them. For work that
 * must happen, publish an event on the bus instead (docs/kernel/events.md).
 */
export interface PubSub {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Sent when the transaction commits, and not at all if it rolls back. */
  publishIn(tx: DbOrTx, channel: string, payload: unknown): Promise<void>;
  /**
   * A notice as a part of the change's own statement (`recordedQuery`'s notices), which is
   * prepared once (platform/db/prepared.ts): sent when it commits, once per row it changed,
   * so not at all when it changed none. The notice is the slot's value at each call,
   * `noticeText`'s answer; a null value sends nothing. Null where there is nothing to send
   * through the database (the embedded one: delivered in process).
   */
  notifyingFrom(slot: Placeholder): SQL | null;
  /** What `notifyingFrom`'s slot takes for this message: null where it is delivered in process, after the statement. */
  noticeText(channel: string, payload: unknown): string | null;
  /** Answers the way to stop listening. */
  subscribe(channel: string, handler: PubSubHandler): () => void;
  /** Resolves once this instance listens (at once where there is nothing to connect). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY's limit is 8000 bytes; the envelope takes some. */
export const MAX_PAYLOAD_BYTES = 7900;
const PG_CHANNEL = 'wharf_pubsub';

export class PayloadTooLargeError extends Error {}

class Local {
  readonly #handlers = new Map<string, Set<PubSubHandler>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  subscribe(channel: string, handler: PubSubHandler): () => void {
    if (!this.#handlers.has(channel)) this.#handlers.set(channel, new Set());
    this.#handlers.get(channel)!.add(handler);
    return () => this.#handlers.get(channel)?.delete(handler);
  }

  deliver(channel: string, payload: unknown): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        this.log.error({ err, channel }, 'pub/sub handler failed');
      }
    }
  }
}

function encode(channel: string, payload: unknown): string {
  const text = JSON.stringify({ c: channel, p: payload });
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(`a pub/sub message is at most ${MAX_PAYLOAD_BYTES} bytes; send an id and read the rest from the database`);
  return text;
}

/** The embedded database is one process (its data directory is locked): messages stay in it. */
export function inProcessPubSub(log: FastifyBaseLogger): PubSub {
  const local = new Local(log);
  const afterStatement = (channel: string, payload: unknown) => {
    encode(channel, payload);
    setImmediate(() => local.deliver(channel, payload));
  };
  return {
    async publish(channel, payload) {
      encode(channel, payload);
      // After the publisher's own synchronous work, as NOTIFY arrives after its statement.
      queueMicrotask(() => local.deliver(channel, payload));
    },
    // The embedded database runs one statement at a time, so whatever the message starts
    // reads the database after the transaction has ended; a rolled-back one woke it in vain.
    async publishIn(_tx, channel, payload) {
      afterStatement(channel, payload);
    },
    notifyingFrom: () => null,
    noticeText(channel, payload) {
      afterStatement(channel, payload);
      return null;
    },
    subscribe: (channel, handler) => local.subscribe(channel, handler),
    async ready() {},
    async close() {},
  };
}

/**
 * PostgreSQL's LISTEN/NOTIFY on one connection of this instance's own, reconnecting with
 * backoff when it drops (messages sent meanwhile are missed, as pub/sub allows).
 */
export function postgresPubSub(database: Database, log: FastifyBaseLogger): PubSub {
  const local = new Local(log);
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString: database.url });
      c.on('notification', (n) => {
        if (n.channel !== PG_CHANNEL || !n.payload) return;
        try {
          const m = JSON.parse(n.payload) as { c: string; p: unknown };
          local.deliver(m.c, m.p);
        } catch (err) {
          log.warn({ err }, 'unreadable pub/sub message');
        }
      });
      c.on('error', (err) => log.warn({ err }, 'pub/sub connection failed'));
      c.on('end', () => {
        if (client === c) client = null;
        if (!closed) schedule();
      });
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      retryMs = 250;
    })().finally(() => {
      connecting = null;
    }));

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((err: unknown) => {
        log.warn({ err, retryMs }, 'pub/sub reconnect failed');
        retryMs = Math.min(retryMs * 2, 30_000);
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  const ready = connect().catch((err: unknown) => {
    log.warn({ err }, 'pub/sub could not listen yet');
    schedule();
  });

  return {
    async publish(channel, payload) {
      await database.executeSql('select pg_notify($1, $2)', [PG_CHANNEL, encode(channel, payload)]);
    },
    async publishIn(tx, channel, payload) {
      await tx.execute(sql`select pg_notify(${PG_CHANNEL}, ${encode(channel, payload)})`);
    },
    // pg_notify answers void, as text ''; a null slot sends nothing and answers '' too.
    notifyingFrom: (slot) => sql`(case when ${slot}::text is null then '' else pg_notify(${PG_CHANNEL}, ${slot}::text)::text end)`,
    noticeText: (channel, payload) => encode(channel, payload),
    subscribe: (channel, handler) => local.subscribe(channel, handler),
    ready: () => ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** LISTEN/NOTIFY on PostgreSQL, in process on the embedded database (docs/kernel/events.md). */
export function openPubSub(database: Database, log: FastifyBaseLogger): PubSub {
  return database.kind === 'postgres' && database.url ? postgresPubSub(database, log) : inProcessPubSub(log);
}
