import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import { smsOutbox } from './db/tables';
import type { Db, DbOrTx } from './db/types';

export interface SmsMessage {
  /** E.164. */
  to: string;
  /** ISO 3166 alpha-2 of the number. */
  country: string | null;
  text: string;
  /** What it is for (app-user-phone-code, ...): tests and usage filter on it. */
  kind: string;
  /** Whose message it is (a project). */
  scopeId: string | null;
}

/** Hands a message to an SMS gateway; throws when the gateway refused it (it is tried again). */
export interface SmsSender {
  readonly name: string;
  send(message: { to: string; text: string; kind: string }): Promise<void>;
}

/**
 * The webhook sender: POSTs `{ to, text, kind }` as JSON to a URL of the operator's (a small
 * relay to Twilio, Vonage, SMS.ru, Alibaba Cloud SMS...), with `Authorization: Bearer` when a
 * token is set. Any 2xx is delivered.
 */
export function webhookSender(url: string, token: string | null, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    name: 'webhook',
    async send(message) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`the SMS webhook answered ${res.status}`);
    },
  };
}

const MAX_ATTEMPTS = 5;

/**
 * The SMS outbox, as the mail outbox: messages are written with the change that causes
 * them and delivered afterwards by the sender, or written to the server log when none is
 * configured (a self-hoster without a gateway still sees the codes).
 */
export class SmsOutbox {
  #delivering: Promise<number> | null = null;

  constructor(private readonly opts: { db: Db; clock: Clock; log: FastifyBaseLogger; sender: SmsSender | null }) {}

  async enqueue(tx: DbOrTx, message: SmsMessage): Promise<string> {
    const [row] = await tx.insert(smsOutbox).values({ ...message, createdAt: this.opts.clock.now() }).returning({ id: smsOutbox.id });
    return row!.id;
  }

  /** Messages of a scope since a time, per UTC day and country: what the console's usage shows. */
  async usage(db: DbOrTx, scopeId: string, since: Date): Promise<{ day: string; country: string; count: number }[]> {
    const day = sql<string>`to_char(${smsOutbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, country: sql<string>`coalesce(${smsOutbox.country}, '')`, count: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.scopeId, scopeId), gte(smsOutbox.createdAt, since)))
      .groupBy(day, smsOutbox.country)
      .orderBy(day, smsOutbox.country);
    return rows;
  }

  /** Delivers what is pending; overlapping calls share one run. */
  deliverPending(): Promise<number> {
    this.#delivering ??= this.#deliver().finally(() => {
      this.#delivering = null;
    });
    return this.#delivering;
  }

  async #deliver(): Promise<number> {
    const { db, clock, log, sender } = this.opts;
    const pending = await db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.state, 'pending'), lt(smsOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(smsOutbox.createdAt))
      .limit(50);
    let delivered = 0;
    for (const m of pending) {
      try {
        if (sender) await sender.send({ to: m.to, text: m.text, kind: m.kind });
        // As mail without SMTP: a server without a gateway (development, a trial) shows the code.
        else log.info({ sms: { to: m.to, kind: m.kind, text: m.text } }, 'SMS (no sender configured)');
        await db.update(smsOutbox).set({ state: sender ? 'sent' : 'logged', sentAt: clock.now(), attempts: m.attempts + 1 }).where(eq(smsOutbox.id, m.id));
        delivered += 1;
      } catch (err) {
        const attempts = m.attempts + 1;
        log.warn({ err, id: m.id, attempts }, 'SMS delivery failed');
        await db
          .update(smsOutbox)
          .set({ attempts, lastError: err instanceof Error ? err.message : String(err), state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(smsOutbox.id, m.id));
      }
    }
    return delivered;
  }
}
