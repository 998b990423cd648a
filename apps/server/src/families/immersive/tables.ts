import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
