import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A qualification an app's team submits for review (a game licence, an ICP filing, a
 * copyright certificate, ...): documents from the files family and remarks. Its review is
 * a task of the reviewers' queue with the same id; state, reviewer and reason are the task's.
 */
export const qualifications = pgTable('qualifications', {
  id: uuid('id').primaryKey(),
  teamId: uuid('team_id').notNull(),
  appId: uuid('app_id').notNull(),
  kind: text('kind').notNull(),
  objectIds: uuid('object_ids').array().notNull().default(sql`'{}'::uuid[]`),
  remarks: text('remarks').notNull().default(''),
  submittedBy: uuid('submitted_by'),
  submittedAt: ts('submitted_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
