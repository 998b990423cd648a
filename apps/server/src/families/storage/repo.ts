import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../platform/db/types';
import { storageBuckets, storageObjects, storageUploads, storageUsageDaily } from './tables';

export type BucketRow = typeof storageBuckets.$inferSelect;
export type ObjectRow = typeof storageObjects.$inferSelect;
export type UploadRow = typeof storageUploads.$inferSelect;
export type UsageDelta = Partial<Pick<typeof storageUsageDaily.$inferInsert, 'uploads' | 'uploadBytes' | 'downloads' | 'downloadBytes' | 'deletes'>>;

/** The first name after every name starting with `prefix` (byte order): the end of the prefix's range. */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** The only reader and writer of the storage tables. */
export const storageRepo = {
  buckets(db: DbOrTx, projectId: string): Promise<BucketRow[]> {
    return db.select().from(storageBuckets).where(eq(storageBuckets.projectId, projectId)).orderBy(asc(storageBuckets.createdAt), asc(storageBuckets.name));
  },
  /** The project's buckets locked: every write of the project waits here, so the quota holds. */
  lockBuckets(db: DbOrTx, projectId: string): Promise<BucketRow[]> {
    return db.select().from(storageBuckets).where(eq(storageBuckets.projectId, projectId)).orderBy(asc(storageBuckets.id)).for('update');
  },
  async bucketByName(db: DbOrTx, name: string): Promise<BucketRow | undefined> {
    const [row] = await db.select().from(storageBuckets).where(eq(storageBuckets.name, name));
    return row;
  },
  async insertBucket(db: DbOrTx, row: typeof storageBuckets.$inferInsert): Promise<BucketRow | undefined> {
    const [created] = await db.insert(storageBuckets).values(row).onConflictDoNothing().returning();
    return created;
  },
  async deleteBucket(db: DbOrTx, id: string): Promise<void> {
    await db.delete(storageBuckets).where(eq(storageBuckets.id, id));
  },
  async updateBucket(db: DbOrTx, id: string, set: Partial<Pick<BucketRow, 'rules' | 'rulesUpdatedAt' | 'cors'>>): Promise<BucketRow> {
    const [row] = await db.update(storageBuckets).set(set).where(eq(storageBuckets.id, id)).returning();
    return row!;
  },
  async addToBucket(db: DbOrTx, id: string, objects: number, bytes: number): Promise<void> {
    await db
      .update(storageBuckets)
      .set({ objects: sql`${storageBuckets.objects} + ${objects}`, bytes: sql`${storageBuckets.bytes} + ${bytes}` })
      .where(eq(storageBuckets.id, id));
  },

  async object(db: DbOrTx, bucketId: string, name: string, lock = false): Promise<ObjectRow | undefined> {
    const q = db.select().from(storageObjects).where(and(eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  /**
   * A file for a download, as one statement prepared per connection: the hot path of
   * devices' GETs (drizzle's building and a fresh plan each time were a third of its cost).
   */
  async objectForRead(database: Database, bucketId: string, name: string): Promise<ObjectRow | undefined> {
    const { rows } = await database.executeSql(
      'select storage_key, size, content_type, sha256, cache_control, metadata, owner, generation, created_at, updated_at from storage_objects where bucket_id = $1 and name = $2',
      [bucketId, name],
      { prepareAs: 'storage_object_read' },
    );
    const r = rows[0] as Record<string, unknown> | undefined;
    if (!r) return undefined;
    const at = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
    return {
      bucketId, name, storageKey: String(r.storage_key), size: Number(r.size), contentType: String(r.content_type), sha256: String(r.sha256),
      cacheControl: (r.cache_control as string | null) ?? null, metadata: (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Record<string, string>,
      owner: (r.owner as string | null) ?? null, generation: Number(r.generation), createdAt: at(r.created_at), updatedAt: at(r.updated_at),
    };
  },
  async insertObject(db: DbOrTx, row: typeof storageObjects.$inferInsert): Promise<ObjectRow> {
    const [created] = await db.insert(storageObjects).values(row).returning();
    return created!;
  },
  async updateObject(db: DbOrTx, bucketId: string, name: string, set: Partial<typeof storageObjects.$inferInsert>): Promise<ObjectRow> {
    const [row] = await db
      .update(storageObjects)
      .set(set)
      .where(and(eq(storageObjects.bucketId, bucketId), eq(storageObjects.name, name)))
      .returning();
    return row!;
  },
  async deleteObjects(db: DbOrTx, bucketId: string, names: string[]): Promise<ObjectRow[]> {
    if (names.length === 0) return [];
    return db
      .delete(storageObjects)
      .where(and(eq(storageObjects.bucketId, bucketId), inArray(storageObjects.name, names)))
      .returning();
  },
  /** Names from `from` (exclusive, else the prefix itself) that start with `prefix`, in byte order. */
  namesFrom(db: DbOrTx, bucketId: string, prefix: string, from: string | null, limit: number, inclusive = false): Promise<ObjectRow[]> {
    const c = [eq(storageObjects.bucketId, bucketId)];
    if (prefix) c.push(gte(storageObjects.name, prefix), lt(storageObjects.name, prefixEnd(prefix)));
    if (from !== null) c.push(inclusive ? gte(storageObjects.name, from) : gt(storageObjects.name, from));
    return db
      .select()
      .from(storageObjects)
      .where(and(...c))
      .orderBy(asc(storageObjects.name))
      .limit(limit);
  },

  async insertUpload(db: DbOrTx, row: typeof storageUploads.$inferInsert): Promise<UploadRow> {
    const [created] = await db.insert(storageUploads).values(row).returning();
    return created!;
  },
  async upload(db: DbOrTx, id: string, lock = false): Promise<UploadRow | undefined> {
    const q = db.select().from(storageUploads).where(eq(storageUploads.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },
  async updateUpload(db: DbOrTx, id: string, set: Partial<Pick<UploadRow, 'received' | 'chunks'>>): Promise<void> {
    await db.update(storageUploads).set(set).where(eq(storageUploads.id, id));
  },
  async deleteUpload(db: DbOrTx, id: string): Promise<void> {
    await db.delete(storageUploads).where(eq(storageUploads.id, id));
  },
  expiredUploads(db: DbOrTx, now: Date, limit: number): Promise<UploadRow[]> {
    return db.select().from(storageUploads).where(lt(storageUploads.expiresAt, now)).limit(limit);
  },

  async addUsage(db: DbOrTx, bucketId: string, day: string, d: UsageDelta): Promise<void> {
    const v = { uploads: d.uploads ?? 0, uploadBytes: d.uploadBytes ?? 0, downloads: d.downloads ?? 0, downloadBytes: d.downloadBytes ?? 0, deletes: d.deletes ?? 0 };
    await db
      .insert(storageUsageDaily)
      .values({ bucketId, day, ...v })
      .onConflictDoUpdate({
        target: [storageUsageDaily.bucketId, storageUsageDaily.day],
        set: {
          uploads: sql`${storageUsageDaily.uploads} + ${v.uploads}`,
          uploadBytes: sql`${storageUsageDaily.uploadBytes} + ${v.uploadBytes}`,
          downloads: sql`${storageUsageDaily.downloads} + ${v.downloads}`,
          downloadBytes: sql`${storageUsageDaily.downloadBytes} + ${v.downloadBytes}`,
          deletes: sql`${storageUsageDaily.deletes} + ${v.deletes}`,
        },
      });
  },
  usage(db: DbOrTx, bucketIds: string[], fromDay: string): Promise<(typeof storageUsageDaily.$inferSelect)[]> {
    if (bucketIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(storageUsageDaily)
      .where(and(inArray(storageUsageDaily.bucketId, bucketIds), gte(storageUsageDaily.day, fromDay)))
      .orderBy(asc(storageUsageDaily.day));
  },
};
