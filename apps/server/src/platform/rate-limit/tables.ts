import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** One counter per key and fixed window, shared by every instance; old windows are swept. */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    /** The window's start, ms since the epoch (a multiple of the policy's length). */
    windowStart: bigint('window_start', { mode: 'number' }).notNull(),
    /** When the window can go: its end. */
    endsAt: bigint('ends_at', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
