import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/types';
import { billboardItems, discountActivities, serviceNews } from './tables';

export type NewsInsert = typeof serviceNews.$inferInsert;
export type BillboardRow = typeof billboardItems.$inferSelect;
export type BillboardInsert = typeof billboardItems.$inferInsert;
export type DiscountRow = typeof discountActivities.$inferSelect;
export type DiscountInsert = typeof discountActivities.$inferInsert;

/** Everything operators manage of one kind, published or not: its list, insert, update, delete. */
export const managedNews = {
  list: (db: DbOrTx) => db.select().from(serviceNews),
  insert: async (db: DbOrTx, row: NewsInsert) => (await db.insert(serviceNews).values(row).returning())[0]!,
  update: async (db: DbOrTx, id: string, set: Partial<NewsInsert>) => (await db.update(serviceNews).set(set).where(eq(serviceNews.id, id)).returning())[0],
  remove: async (db: DbOrTx, id: string) => (await db.delete(serviceNews).where(eq(serviceNews.id, id)).returning({ id: serviceNews.id })).length > 0,
};

export const managedBillboard = {
  list: (db: DbOrTx) => db.select().from(billboardItems),
  insert: async (db: DbOrTx, row: BillboardInsert) => (await db.insert(billboardItems).values(row).returning())[0]!,
  update: async (db: DbOrTx, id: string, set: Partial<BillboardInsert>) => (await db.update(billboardItems).set(set).where(eq(billboardItems.id, id)).returning())[0],
  remove: async (db: DbOrTx, id: string) => (await db.delete(billboardItems).where(eq(billboardItems.id, id)).returning({ id: billboardItems.id })).length > 0,
};

export const managedDiscounts = {
  list: (db: DbOrTx) => db.select().from(discountActivities),
  insert: async (db: DbOrTx, row: DiscountInsert) => (await db.insert(discountActivities).values(row).returning())[0]!,
  update: async (db: DbOrTx, id: string, set: Partial<DiscountInsert>) => (await db.update(discountActivities).set(set).where(eq(discountActivities.id, id)).returning())[0],
  remove: async (db: DbOrTx, id: string) => (await db.delete(discountActivities).where(eq(discountActivities.id, id)).returning({ id: discountActivities.id })).length > 0,
};
