import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../accounts/public';

/** A team's signature of one version of an agreement; older versions stay as the record. */
export const teamAgreements = pgTable(
  'team_agreements',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    agreementId: text('agreement_id').notNull(),
    version: text('version').notNull(),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.agreementId, t.version] })],
);
