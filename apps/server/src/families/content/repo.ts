import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { billboardItems, discountActivities, serviceNews, serviceNewsViews } from './tables';
import { pastCursor } from '../../platform/db/keyset';

export type NewsRow = typeof serviceNews.$inferSelect;

export const contentRepo = {
  async publishedNews(db: DbOrTx, now: Date, opts: { limit: number; category?: string | undefined; before?: { at: Date; id: string } }) {
    const conditions = [lte(serviceNews.publishedAt, now)];
    if (opts.category) conditions.push(eq(serviceNews.category, opts.category));
    if (opts.before) {
      conditions.push(pastCursor(serviceNews.publishedAt, serviceNews.id, opts.before)!);
    }
    return db.select().from(serviceNews).where(and(...conditions)).orderBy(desc(serviceNews.publishedAt), desc(serviceNews.id)).limit(opts.limit);
  },
  async countPublished(db: DbOrTx, now: Date, category?: string) {
    const conditions = [lte(serviceNews.publishedAt, now)];
    if (category) conditions.push(eq(serviceNews.category, category));
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(serviceNews).where(and(...conditions));
    return row?.n ?? 0;
  },
  async news(db: DbOrTx, id: string) {
    const [row] = await db.select().from(serviceNews).where(eq(serviceNews.id, id));
    return row;
  },
  async allNews(db: DbOrTx) {
    return db.select().from(serviceNews).orderBy(desc(serviceNews.publishedAt), desc(serviceNews.id));
  },
  async recordView(db: DbOrTx, newsId: string, visitor: string, at: Date) {
    await db
      .insert(serviceNewsViews)
      .values({ newsId, visitor, lastViewedAt: at })
      .onConflictDoUpdate({ target: [serviceNewsViews.visitor, serviceNewsViews.newsId], set: { lastViewedAt: at, views: sql`${serviceNewsViews.views} + 1` } });
  },
  async viewsOf(db: DbOrTx, visitor: string) {
    return db.select().from(serviceNewsViews).where(eq(serviceNewsViews.visitor, visitor)).orderBy(desc(serviceNewsViews.lastViewedAt)).limit(500);
  },
  async activeBillboard(db: DbOrTx, now: Date) {
    return db.select().from(billboardItems).where(and(lte(billboardItems.startsAt, now), gt(billboardItems.endsAt, now))).orderBy(asc(billboardItems.sort), asc(billboardItems.startsAt));
  },
  async activeDiscounts(db: DbOrTx, now: Date) {
    return db.select().from(discountActivities).where(and(lte(discountActivities.startsAt, now), gt(discountActivities.endsAt, now))).orderBy(asc(discountActivities.endsAt));
  },
};
