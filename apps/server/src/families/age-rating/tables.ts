import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AgeAnswers } from '@wharf/rules';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A declaration: the questionnaire's answers and the generic age they give, or a single age alone (v1). */
export interface Declaration {
  age: string;
  answers: AgeAnswers | null;
}

/**
 * An app's age rating: the declaration in effect (null until one takes effect) and, after the
 * app's first release, a change waiting in the reviewers' queue with its task.
 */
export const appAgeRatings = pgTable('app_age_ratings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  teamId: uuid('team_id').notNull(),
  current: jsonb('current').$type<Declaration>(),
  pending: jsonb('pending').$type<Declaration>(),
  pendingTaskId: uuid('pending_task_id'),
  pendingAt: ts('pending_at'),
  rejection: jsonb('rejection').$type<{ comment: string; at: string }>(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: uuid('updated_by'),
});

