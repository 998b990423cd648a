import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * Secrets of teams, projects and apps (API client secrets, provider secrets, function
 * environments, signing keys): never their text, only a sealed or hashed form.
 */
export const secrets = pgTable(
  'secrets',
  {
    id: uuid('id').primaryKey(),
    /** team | project | app: whose secret it is. */
    scope: text('scope').notNull(),
    scopeId: text('scope_id').notNull(),
    /** The owner's name for it, unique within the owner (e.g. `apiClient:<id>`). */
    name: text('name').notNull(),
    /** revealable (sealed, the server can read it back) | verifiable (hashed, it can only compare). */
    kind: text('kind').notNull(),
    stored: text('stored').notNull(),
    keyId: text('key_id').notNull(),
    /** The last characters, to tell secrets apart on screen. */
    hint: text('hint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('secrets_owner_name').on(t.scope, t.scopeId, t.name), index('secrets_key').on(t.keyId)],
);
