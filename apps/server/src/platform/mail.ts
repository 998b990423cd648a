import { and, asc, eq, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import { mailOutbox } from './db/tables';
import type { Db, DbOrTx } from './db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for (invitation, password-reset, ...): tests and admins filter on it. */
  kind: string;
}

const MAX_ATTEMPTS = 5;

/**
 * The mail outbox. Messages are written in the transaction of the change that causes them
 * and delivered afterwards: by SMTP when configured, otherwise written to the server log
 * (so a self-hoster without mail still gets their links).
 */
export class Mailer {
  readonly #db: Db;
  readonly #clock: Clock;
  readonly #log: FastifyBaseLogger;
  readonly #transport: Transporter | null;
  readonly #from: string;
  #delivering: Promise<number> | null = null;

  constructor(opts: { db: Db; clock: Clock; log: FastifyBaseLogger; smtpUrl: string | null; from: string; transport?: Transporter }) {
    this.#db = opts.db;
    this.#clock = opts.clock;
    this.#log = opts.log;
    this.#from = opts.from;
    this.#transport = opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null);
  }

  async enqueue(tx: DbOrTx, message: MailMessage): Promise<string> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ ...message, html: message.html ?? null, createdAt: this.#clock.now() })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** Delivers what is pending; overlapping calls share one run. */
  deliverPending(): Promise<number> {
    if (!this.#delivering) {
      this.#delivering = this.#deliver().finally(() => {
        this.#delivering = null;
      });
    }
    return this.#delivering;
  }

  async #deliver(): Promise<number> {
    const pending = await this.#db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lt(mailOutbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(mailOutbox.createdAt))
      .limit(50);
    let delivered = 0;
    for (const m of pending) {
      try {
        if (this.#transport) {
          await this.#transport.sendMail({ from: this.#from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
        } else {
          this.#log.info({ mail: { to: m.to, subject: m.subject, text: m.text } }, 'mail (no SMTP configured)');
        }
        await this.#db
          .update(mailOutbox)
          .set({ state: this.#transport ? 'sent' : 'logged', sentAt: this.#clock.now(), attempts: m.attempts + 1 })
          .where(eq(mailOutbox.id, m.id));
        delivered += 1;
      } catch (err) {
        const attempts = m.attempts + 1;
        this.#log.warn({ err, id: m.id, attempts }, 'mail delivery failed');
        await this.#db
          .update(mailOutbox)
          .set({ attempts, lastError: err instanceof Error ? err.message : String(err), state: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(mailOutbox.id, m.id));
      }
    }
    return delivered;
  }
}
