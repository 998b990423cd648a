import { bigserial, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Localized } from '@wharf/contract';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const localized = (name: string) => jsonb(name).$type<Localized>().notNull();

export const serviceNews = pgTable(
  'service_news',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: text('category').notNull(),
    title: localized('title'),
    summary: localized('summary'),
    body: localized('body'),
    link: text('link'),
    publishedAt: ts('published_at').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('service_news_published').on(t.publishedAt, t.id)],
);

/** A visitor (device id) read a news item: the access history the console marks unread with. */
export const serviceNewsViews = pgTable(
  'service_news_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    newsId: uuid('news_id').notNull(),
    visitor: text('visitor').notNull(),
    lastViewedAt: ts('last_viewed_at').notNull(),
    views: integer('views').notNull().default(1),
  },
  (t) => [uniqueIndex('service_news_views_once').on(t.visitor, t.newsId)],
);

export const billboardItems = pgTable('billboard_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: localized('title'),
  link: text('link'),
  sort: integer('sort').notNull().default(0),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const discountActivities = pgTable('discount_activities', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: localized('title'),
  description: localized('description'),
  serviceId: text('service_id'),
  discountPercent: numeric('discount_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  link: text('link'),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdAt: ts('created_at').notNull(),
});
