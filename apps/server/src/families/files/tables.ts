import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Uploaded files of a team; the bytes live in object storage under storage_key. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    bizTag: text('biz_tag').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256').notNull().default(''),
    storageKey: text('storage_key').notNull(),
    /** uploading → ready | failed; a row left in uploading is an interrupted upload. */
    state: text('state').notNull(),
    /** Why a background upload failed, in the server's two message languages. */
    failureReason: jsonb('failure_reason').$type<{ zh: string; en: string }>(),
    /** Where a by-URL upload fetches from. */
    sourceUrl: text('source_url'),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('files_team').on(t.teamId, t.createdAt)],
);

export const uploadSessions = pgTable('upload_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  teamId: uuid('team_id').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  bizTag: text('biz_tag').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  partSize: integer('part_size').notNull(),
  partCount: integer('part_count').notNull(),
  createdBy: uuid('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const uploadParts = pgTable(
  'upload_parts',
  {
    uploadId: uuid('upload_id').notNull(),
    partNumber: integer('part_number').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
