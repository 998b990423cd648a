import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface ImmersiveText {
  language: string;
  title: string;
  subtitle: string;
}

/** What a review judges and, once approved, what the store shows: picture, colour, texts. */
export interface ImmersiveSnapshot {
  imageObjectId: string;
  color: string;
  texts: ImmersiveText[];
}

/**
 * An app's immersive picture (the store's full-width banner): one per app. `published` is
 * the last approved snapshot, kept while a newer draft is edited or reviewed.
 */
export const immersiveInfos = pgTable('immersive_infos', {
  appId: uuid('app_id').primaryKey(),
  teamId: uuid('team_id').notNull(),
  imageObjectId: uuid('image_object_id').notNull(),
  /** '#rrggbb'. */
  color: text('color').notNull(),
  /** 'image' when computed from the picture, 'manual' when the developer chose it. */
  colorSource: text('color_source').notNull(),
  texts: jsonb('texts').$type<ImmersiveText[]>().notNull().default(sql`'[]'::jsonb`),
  /** draft, review, approved, rejected. */
  state: text('state').notNull().default('draft'),
  rejection: jsonb('rejection').$type<{ comment: string; at: string }>(),
  published: jsonb('published').$type<ImmersiveSnapshot>(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: uuid('updated_by'),
});

/** A submitted immersive info waiting for (or decided by) a platform reviewer. */
export const immersiveReviewTasks = pgTable(
  'immersive_review_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id').notNull(),
    teamId: uuid('team_id').notNull(),
    /** open, approved, rejected, withdrawn. */
    state: text('state').notNull().default('open'),
    snapshot: jsonb('snapshot').$type<ImmersiveSnapshot>().notNull(),
    submittedBy: uuid('submitted_by'),
    submittedAt: ts('submitted_at').notNull(),
    reviewerId: uuid('reviewer_id'),
    decidedAt: ts('decided_at'),
    comment: text('comment'),
  },
  (t) => [
    index('immersive_review_tasks_queue').on(t.state, t.submittedAt, t.id),
    uniqueIndex('immersive_review_tasks_one_open').on(t.appId).where(sql`state = 'open'`),
  ],
);
