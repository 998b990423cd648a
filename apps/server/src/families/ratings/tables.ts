import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { teams, users } from '../accounts/public';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Ratings and reviews of an app: one per install (a device that downloaded it, proved by
 * its install token) or per signed-in app user, changed in place when written again.
 */
export const appReviews = pgTable(
  'app_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    /** The install's device, or null for an app user's review. */
    deviceId: text('device_id'),
    /** The app user (Auth Service), or null for an install's review. */
    appUserId: uuid('app_user_id'),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    country: text('country'),
    versionId: uuid('version_id'),
    versionName: text('version_name'),
    // As wide as the versions' own: Harmony codes may pass 2^31.
    versionCode: bigint('version_code', { mode: 'number' }),
    helpful: integer('helpful').notNull().default(0),
    /** `visible`; `held` (flagged on writing, or hidden and then changed) until an operator looks; `hidden` by an operator. */
    state: text('state').$type<'visible' | 'held' | 'hidden'>().notNull().default('visible'),
    /** What the filter found when it was last written (`@wharf/rules` reviewFlags). */
    flags: text('flags').array().$type<string[]>().notNull().default(sql`'{}'::text[]`),
    /** Readers who reported it. */
    reports: integer('reports').notNull().default(0),
    /** Since when it waits in the operators' queue (held, or reported since it was last decided); null when it does not. */
    queuedAt: ts('queued_at'),
    moderatedAt: ts('moderated_at'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why an operator hid it, as the team and the author read it. */
    moderationReason: text('moderation_reason'),
    replyText: text('reply_text'),
    replyBy: uuid('reply_by').references(() => users.id, { onDelete: 'set null' }),
    replyCreatedAt: ts('reply_created_at'),
    replyUpdatedAt: ts('reply_updated_at'),
    createdAt: ts('created_at').notNull(),
    /** When the reviewer last wrote it: lists and date filters go by this. */
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('app_reviews_install').on(t.appId, t.deviceId).where(sql`device_id is not null`),
    uniqueIndex('app_reviews_app_user').on(t.appId, t.appUserId).where(sql`app_user_id is not null`),
    index('app_reviews_newest').on(t.appId, t.updatedAt, t.id),
    index('app_reviews_language').on(t.appId, t.language, t.updatedAt, t.id),
    index('app_reviews_helpful').on(t.appId, t.language, t.helpful, t.updatedAt, t.id),
    index('app_reviews_queue').on(t.queuedAt, t.id).where(sql`queued_at is not null`),
  ],
);

/** "Helpful" marks: one per review and reader (an install's device, or `user:` and the app user). */
export const appReviewVotes = pgTable(
  'app_review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => appReviews.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/** Readers' reports of a review: one per reader (an install's device, or `user:` and the app user). */
export const appReviewReports = pgTable(
  'app_review_reports',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => appReviews.id, { onDelete: 'cascade' }),
    reporter: text('reporter').notNull(),
    reason: text('reason').$type<'spam' | 'offensive' | 'offTopic' | 'other'>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.reporter] })],
);

/** A team's reply templates: ready answers its members insert into a reply and change there. */
export const reviewReplyTemplates = pgTable(
  'review_reply_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [unique('review_reply_templates_name').on(t.teamId, t.name)],
);
