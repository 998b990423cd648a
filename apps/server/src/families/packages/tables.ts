import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An app's uploaded package and what parsing it found. */
export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    appId: uuid('app_id').notNull(),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    kind: text('kind'),
    /** 0 parsed, 1 parsing, 2 failed. */
    parseState: integer('parse_state').notNull().default(1),
    failureCode: integer('failure_code'),
    failureReason: text('failure_reason'),
    packageName: text('package_name'),
    versionCode: bigint('version_code', { mode: 'number' }),
    versionName: text('version_name'),
    minSdk: bigint('min_sdk', { mode: 'number' }),
    targetSdk: bigint('target_sdk', { mode: 'number' }),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    label: text('label'),
    debuggable: boolean('debuggable').notNull().default(false),
    certificates: text('certificates').array().notNull().default(sql`'{}'::text[]`),
    signingSchemes: text('signing_schemes').array().notNull().default(sql`'{}'::text[]`),
    signatureChanged: boolean('signature_changed').notNull().default(false),
    iconFileId: uuid('icon_file_id'),
    extra: jsonb('extra').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    remark: text('remark'),
    /** Null when an API client added it (the audit event names the client). */
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
    parsedAt: ts('parsed_at'),
  },
  (t) => [index('packages_app_created').on(t.appId, t.createdAt, t.id)],
);

/**
 * A claim of a package name held by another team's app. At most one open claim per name:
 * the partial unique index settles two claimants racing.
 */
export const packageClaims = pgTable(
  'package_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    appId: uuid('app_id').notNull(),
    platform: text('platform').notNull(),
    packageName: text('package_name').notNull(),
    fileId: uuid('file_id').notNull(),
    holderTeamId: uuid('holder_team_id').notNull(),
    holderAppId: uuid('holder_app_id').notNull(),
    /** verifying → pending | approved | rejected; verifying | pending → withdrawn. */
    state: text('state').notNull(),
    certificates: text('certificates').array().notNull().default(sql`'{}'::text[]`),
    certificateMatched: boolean('certificate_matched'),
    reason: jsonb('reason').$type<{ zh: string; en: string; ru?: string }>(),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    decidedAt: ts('decided_at'),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    uniqueIndex('package_claims_open').on(t.platform, t.packageName).where(sql`state in ('verifying', 'pending')`),
    index('package_claims_team').on(t.teamId, t.createdAt),
  ],
);
