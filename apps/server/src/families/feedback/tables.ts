import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What users tell an app's team from inside the app, and how the team handles it. */
export const appFeedback = pgTable(
  'app_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').notNull(),
    text: text('text').notNull(),
    /** bug, suggestion, question, other. */
    category: text('category').notNull(),
    /** new, inProgress, resolved. */
    state: text('state').notNull().default('new'),
    assigneeId: uuid('assignee_id'),
    appVersion: text('app_version'),
    deviceModel: text('device_model'),
    os: text('os'),
    contact: text('contact'),
    language: text('language'),
    country: text('country'),
    /** The device that sent it (its rate-limit key), or null for an app user's. */
    deviceId: text('device_id'),
    appUserId: uuid('app_user_id'),
    /** Files of the app's team, in the order sent. */
    screenshotIds: uuid('screenshot_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('app_feedback_app_created').on(t.appId, t.createdAt, t.id)],
);

/** The team's notes on a feedback and the replies mailed to its sender. */
export const feedbackNotes = pgTable(
  'feedback_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => appFeedback.id, { onDelete: 'cascade' }),
    /** note, reply. */
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    authorId: uuid('author_id'),
    mailedTo: text('mailed_to'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('feedback_notes_feedback').on(t.feedbackId, t.createdAt)],
);

/**
 * Screenshots a device uploaded, by the token it was answered: only these can be attached
 * to a feedback (never another file of the team), each once, by the app that uploaded it.
 */
export const feedbackUploads = pgTable(
  'feedback_uploads',
  {
  token: uuid('token').primaryKey().defaultRandom(),
  appId: uuid('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  fileId: uuid('file_id').notNull(),
  feedbackId: uuid('feedback_id'),
  createdAt: ts('created_at').notNull(),
  },
  // Deleting an app deletes its uploads by app_id (the foreign key cascades): found by index, not a scan.
  (t) => [index('feedback_uploads_app').on(t.appId)],
);
