import { eq } from 'drizzle-orm';
import { platformSettings } from './db/tables';
import type { DbOrTx } from './db/types';

export const settings = {
  async get<T>(db: DbOrTx, key: string): Promise<T | undefined> {
    const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, key));
    return row?.value as T | undefined;
  },
  async set(db: DbOrTx, key: string, value: unknown, at: Date): Promise<void> {
    await db
      .insert(platformSettings)
      .values({ key, value, updatedAt: at })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: at } });
  },
};
