import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A qualification an app's team submits for review (a game licence, an ICP filing, a
 * copyright certificate, ...): documents from the files family and remarks.
 */
export const qualificationTasks = pgTable(
  'qualification_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    appId: uuid('app_id').notNull(),
    kind: text('kind').notNull(),
    objectIds: uuid('object_ids').array().notNull().default(sql`'{}'::uuid[]`),
    remarks: text('remarks').notNull().default(''),
    /** pending, cancelled, approved, rejected. */
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    submittedBy: uuid('submitted_by'),
    submittedAt: ts('submitted_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    reviewerId: uuid('reviewer_id'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('qualification_tasks_app').on(t.appId, t.submittedAt, t.id),
    index('qualification_tasks_queue').on(t.state, t.submittedAt, t.id),
  ],
);
