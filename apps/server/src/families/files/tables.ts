import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { VideoFacts } from '@wharf/contract';

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
    failureReason: jsonb('failure_reason').$type<{ zh: string; en: string; ru?: string }>(),
    /** Where a by-URL upload fetches from. */
    sourceUrl: text('source_url'),
    /** An image's size in pixels, read from its headers at upload (null for other files and unreadable images). */
    width: integer('width'),
    height: integer('height'),
    /** The zone site id the file was uploaded for (the spec's zoneId); the team's home zone by default. */
    siteId: integer('site_id'),
    /** Null when an API client uploaded it (the audit event names the client). */
    createdBy: uuid('created_by'),
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

/**
 * A signed upload URL handed out and not yet used. The URL carries the ticket id and an
 * HMAC; the ticket carries what the bytes must be. Used once, then it points at its file.
 */
export const uploadTickets = pgTable(
  'upload_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bizTag: text('biz_tag').notNull(),
    siteId: integer('site_id').notNull(),
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    /** Set for v2 URLs: the bytes must be exactly this size and hash. */
    exactSize: bigint('exact_size', { mode: 'number' }),
    sha256: text('sha256'),
    fileId: uuid('file_id'),
    /** Null when an API client asked for the URL: then `createdByClient` names it. */
    createdBy: uuid('created_by'),
    createdByClient: text('created_by_client'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('upload_tickets_expires').on(t.expiresAt)],
);

/** A background read of a video's container, and what it found. */
export const videoParses = pgTable(
  'video_parses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    fileId: uuid('file_id').notNull(),
    /** parsing → parsed | failed */
    state: text('state').notNull(),
    facts: jsonb('facts').$type<VideoFacts>(),
    failureReason: jsonb('failure_reason').$type<{ zh: string; en: string; ru?: string }>(),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('video_parses_team').on(t.teamId, t.createdAt)],
);
