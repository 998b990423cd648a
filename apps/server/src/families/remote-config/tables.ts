import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RemoteTemplate } from '@wharf/contract';
import type { ExperimentOverlay } from './overlay';
import { users } from '../accounts/public';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An app's remote configuration as the console edits it, and its settings. One row per app, made on first use. */
export const remoteConfigDrafts = pgTable('remote_config_drafts', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  template: jsonb('template').$type<RemoteTemplate>().notNull(),
  /** Bumped by every save, so a save made on an older revision is refused instead of lost. */
  revision: integer('revision').notNull(),
  /** The published version the draft started from; 0 before the first. */
  basedOn: integer('based_on').notNull(),
  /** The newest published version's number (versions are numbered on, even after the oldest are pruned). */
  lastVersion: integer('last_version').notNull(),
  minimumFetchIntervalSeconds: integer('minimum_fetch_interval_seconds').notNull(),
  /** Four eyes: a draft is published only when another member approves a review of it. */
  requireReview: boolean('require_review').notNull().default(false),
  /** The revision a pending review asks to publish; null when none is pending. */
  reviewRevision: integer('review_revision'),
  reviewRequestedBy: uuid('review_requested_by').references(() => users.id, { onDelete: 'set null' }),
  reviewRequestedAt: ts('review_requested_at'),
  reviewDescription: text('review_description'),
  updatedAt: ts('updated_at'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Published versions: what devices get is always the newest one. */
export const remoteConfigVersions = pgTable(
  'remote_config_versions',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    template: jsonb('template').$type<RemoteTemplate>().notNull(),
    /** publish | rollback */
    origin: text('origin').notNull(),
    rollbackOf: integer('rollback_of'),
    description: text('description'),
    publishedAt: ts('published_at').notNull(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who asked for the review that published it (the publisher approved it); null without a review. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.appId, t.number] })],
);

/**
 * The running A/B experiments on an app's parameters, as devices are served them: written by
 * A/B Testing through this family's public face when one starts, deleted when it ends.
 */
export const remoteConfigExperiments = pgTable(
  'remote_config_experiments',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    experimentId: uuid('experiment_id').notNull(),
    overlay: jsonb('overlay').$type<ExperimentOverlay>().notNull(),
    startedAt: ts('started_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.experimentId] })],
);
