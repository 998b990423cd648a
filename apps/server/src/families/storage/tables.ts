import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StorageCorsRule, StorageRuleInput } from '@wharf/contract';
import { byteOrderText } from '../../platform/db/columns';
import { projects } from '../projects/public';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();
const count = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** A project's buckets (names unique on the deployment, as S3's and Cloud Storage's are). */
export const storageBuckets = pgTable(
  'storage_buckets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull().unique('storage_buckets_name'),
    isDefault: boolean('is_default').notNull().default(false),
    rules: jsonb('rules').$type<StorageRuleInput[]>().notNull(),
    rulesUpdatedAt: at('rules_updated_at'),
    cors: jsonb('cors').$type<StorageCorsRule[]>().notNull().default([]),
    /** Kept in the transaction of every write and delete: the quota is checked against them. */
    objects: count('objects'),
    bytes: count('bytes'),
    createdAt: at('created_at'),
  },
  (t) => [index('storage_buckets_project').on(t.projectId, t.createdAt)],
);

/** A bucket's files: the name is the path, the bytes live in the object store under `storageKey`. */
export const storageObjects = pgTable(
  'storage_objects',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => storageBuckets.id, { onDelete: 'cascade' }),
    name: byteOrderText('name').notNull(),
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    cacheControl: text('cache_control'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    owner: text('owner'),
    /** One more at every write of the name: a client can tell a replaced file. */
    generation: integer('generation').notNull().default(1),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.name] })],
);

/** A resumable upload under way: the chunks received so far are objects of their own until the last one. */
export const storageUploads = pgTable(
  'storage_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => storageBuckets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    owner: text('owner'),
    totalSize: bigint('total_size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    chunks: integer('chunks').notNull().default(0),
    createdAt: at('created_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('storage_uploads_expires').on(t.expiresAt), index('storage_uploads_bucket').on(t.bucketId)],
);

/** Uploads, downloads and deletes per bucket and day (UTC); downloads are counted in memory and added in batches. */
export const storageUsageDaily = pgTable(
  'storage_usage_daily',
  {
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => storageBuckets.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    uploads: count('uploads'),
    uploadBytes: count('upload_bytes'),
    downloads: count('downloads'),
    downloadBytes: count('download_bytes'),
    deletes: count('deletes'),
  },
  (t) => [primaryKey({ columns: [t.bucketId, t.day] })],
);
