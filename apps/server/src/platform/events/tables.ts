import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The outbox: each event written in the transaction of the change it tells of. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    /** Events of one key reach each subscriber in the order they were published. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('events_created').on(t.createdAt)],
);

/** One row per event and subscriber: its place in that subscriber's stream. */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    key: text('key').notNull(),
    /** pending → done | dead (failed every attempt: a dead letter, until replayed) */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.subscriber, t.eventId] }), index('event_deliveries_pending').on(t.subscriber, t.state, t.key, t.eventId), index('event_deliveries_event').on(t.eventId)],
);
