import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Who did what, when, from where: written in the same transaction as the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    teamId: text('team_id'),
    actorId: text('actor_id'),
    actorKind: text('actor_kind').notNull().default('user'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
  },
  (t) => [index('audit_events_team_at').on(t.teamId, t.at), index('audit_events_target').on(t.targetType, t.targetId)],
);

/** Time-driven work (scheduled releases, phase ends, expiries), fired once against the clock. */
export const dueActions = pgTable(
  'due_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** pending → done | failed | cancelled */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Lets a caller replace or cancel "the" action of a thing, e.g. a version's release. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('due_actions_pending').on(t.state, t.dueAt),
    index('due_actions_dedupe').on(t.dedupeKey),
  ],
);

/** Every message the server sends; SMTP delivery reads from here, tests read it directly. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** pending → sent | failed | logged (no SMTP configured: written to the log) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_state').on(t.state, t.createdAt), index('mail_outbox_to').on(t.to)],
);

/**
 * Text messages (verification codes), written in the transaction of the change that causes
 * them and delivered afterwards by the configured sender (docs/kernel/sms.md).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164: +4915123456789 */
    to: text('to').notNull(),
    /** ISO 3166 alpha-2 of the number, for usage by country. */
    country: text('country'),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    /** Whose message it is (a project), for usage and caps. */
    scopeId: uuid('scope_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** pending → sent | failed | logged (no sender configured: written to the log) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [index('sms_outbox_state').on(t.state, t.createdAt), index('sms_outbox_scope').on(t.scopeId, t.createdAt)],
);

/** Facts the platform keeps about itself (e.g. which team holds the demo project). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
