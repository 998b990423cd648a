import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExperimentMetric, ExperimentResults, ExperimentTargeting, ExperimentVariant } from '@wharf/contract';
import { users } from '../accounts/public';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An app's A/B experiments: a draft until started, then running, stopped or rolled out. */
export const abExperiments = pgTable(
  'ab_experiments',
  {
    id: uuid('id').primaryKey(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    parameters: jsonb('parameters').$type<string[]>().notNull(),
    targeting: jsonb('targeting').$type<ExperimentTargeting>().notNull(),
    variants: jsonb('variants').$type<ExperimentVariant[]>().notNull(),
    primaryMetric: jsonb('primary_metric').$type<ExperimentMetric>().notNull(),
    secondaryMetrics: jsonb('secondary_metrics').$type<ExperimentMetric[]>().notNull(),
    /** Random, made at creation: which instances take part and their variants come from hashes with it. */
    seed: text('seed').notNull(),
    /** draft | running | stopped | rolledOut */
    state: text('state').notNull(),
    revision: integer('revision').notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull(),
    startedAt: ts('started_at'),
    stoppedAt: ts('stopped_at'),
    rolledOutVariant: integer('rolled_out_variant'),
    rolledOutVersion: integer('rolled_out_version'),
    /** The results as they stood when it stopped (raw events may later be deleted by the app's retention). */
    finalResults: jsonb('final_results').$type<ExperimentResults>(),
  },
  (t) => [index('ab_experiments_app').on(t.appId, t.createdAt)],
);
