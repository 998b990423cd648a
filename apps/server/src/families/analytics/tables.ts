import { bigint, bigserial, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AudienceCondition, ExportFormat, ExportState, MessageLanguage, ReportDefinition, ReportSchedule } from '@wharf/contract';
import { users } from '../accounts/public';
import { apps } from '../apps/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/** An app's reporting time zone and raw-event retention. One row per app, made on first change. */
export const analyticsSettingsTable = pgTable('analytics_settings', {
  appId: uuid('app_id')
    .primaryKey()
    .references(() => apps.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  retentionDays: integer('retention_days').notNull(),
  updatedAt: ts('updated_at').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Raw events, one row each. Partitioned by `day` (the migration says so; drizzle does not
 * know partitions): a day's partition is made before its first event and dropped whole
 * when no app keeps raw events that long (docs/analytics.md). No foreign key: an app's
 * rows go with its partitions or its data deletion, and a key would cost every insert.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    appId: uuid('app_id').notNull(),
    /** The event's day in the app's reporting time zone. */
    day: day('day').notNull(),
    eventId: text('event_id').notNull(),
    name: text('name').notNull(),
    at: ts('at').notNull(),
    instanceId: text('instance_id').notNull(),
    userId: text('user_id'),
    appVersion: text('app_version').notNull(),
    os: text('os').notNull(),
    country: text('country').notNull(),
    value: doublePrecision('value'),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.eventId] })],
);

/**
 * What an ingestion added, summed per batch in the batch's transaction; the rollup folds
 * these into the tables below and deletes them in one transaction, so each counts once.
 */
export const analyticsPending = pgTable(
  'analytics_pending',
  {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  appId: uuid('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
  summary: jsonb('summary').notNull(),
  createdAt: ts('created_at').notNull(),
  },
  // Deleting an app deletes its rows by app_id (the foreign key cascades): found by index, not a scan.
  (t) => [index('analytics_pending_app').on(t.appId)],
);

/** Additive counts per app, day and dimension ('' for unknown), kept after raw events go. */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    name: text('name').notNull(),
    appVersion: text('app_version').notNull(),
    country: text('country').notNull(),
    os: text('os').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    valueSum: doublePrecision('value_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.name, t.appVersion, t.country, t.os] })],
);

/** Which instances were active on which day: distinct users of any range come from here, never from summed days. */
export const analyticsDeviceDays = pgTable(
  'analytics_device_days',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    instanceId: text('instance_id').notNull(),
    /** The app version the instance last ran that day ('' unknown): version adoption counts these. */
    appVersion: text('app_version').notNull().default(''),
    /** Whether the instance reported a crash (`app_crash`) that day: crash-free users count those without. */
    crashed: boolean('crashed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.instanceId] })],
);

/** Every instance an app has seen: its first day (new users, cohorts) and what it last said of itself (user portrait). */
export const analyticsDevices = pgTable(
  'analytics_devices',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    firstDay: day('first_day').notNull(),
    lastDay: day('last_day').notNull(),
    userId: text('user_id'),
    appVersion: text('app_version').notNull(),
    os: text('os').notNull(),
    country: text('country').notNull(),
    language: text('language').notNull(),
    deviceModel: text('device_model').notNull(),
    /** What the app last said of its user (setUserProperty), property by property; audiences read it. */
    userProperties: jsonb('user_properties').$type<Record<string, string | number | boolean>>(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.instanceId] }), index('analytics_devices_first_day').on(t.appId, t.firstDay)],
);

/** Instances that opted out: their events are dropped on arrival. */
export const analyticsOptOuts = pgTable(
  'analytics_opt_outs',
  {
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.instanceId] })],
);

/** Saved reports: a private template is its owner's, a shared one the team's. */
export const analyticsReportTemplates = pgTable(
  'analytics_report_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ReportDefinition>().notNull(),
    rangeDays: integer('range_days').notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    schedule: text('schedule').$type<ReportSchedule>().notNull(),
    shared: boolean('shared').notNull(),
    nextRunAt: ts('next_run_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('analytics_report_templates_app').on(t.appId)],
);

/**
 * Exports and their progress. A worker claims a queued row (or one whose worker went
 * quiet) and writes the file; the row is how the console follows it (docs/analytics.md).
 */
export const analyticsExports = pgTable(
  'analytics_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => analyticsReportTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<ReportDefinition>().notNull(),
    fromDay: day('from_day').notNull(),
    toDay: day('to_day').notNull(),
    format: text('format').$type<ExportFormat>().notNull(),
    /** The owner's site language when it was asked for: the file's headings and any mail. */
    language: text('language').$type<MessageLanguage>().notNull(),
    scheduled: boolean('scheduled').notNull(),
    state: text('state').$type<ExportState>().notNull(),
    progress: integer('progress').notNull(),
    /** When a worker last said it was alive; one quiet for long is taken over. */
    heartbeatAt: ts('heartbeat_at'),
    attempts: integer('attempts').notNull(),
    rows: integer('rows'),
    size: bigint('size', { mode: 'number' }),
    storageKey: text('storage_key'),
    error: jsonb('error').$type<Record<MessageLanguage, string>>(),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('analytics_exports_owner').on(t.appId, t.ownerId, t.createdAt), index('analytics_exports_state').on(t.state), index('analytics_exports_template').on(t.templateId)],
);

/** Named groups of an app's instances, defined by conditions and worked out again every hour. */
export const analyticsAudiences = pgTable(
  'analytics_audiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    conditions: jsonb('conditions').$type<AudienceCondition[]>().notNull(),
    size: integer('size').notNull(),
    computedAt: ts('computed_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('analytics_audiences_app').on(t.appId), index('analytics_audiences_computed').on(t.computedAt)],
);

/** Who is in each audience when it was last worked out; looked up by instance for targeting. */
export const analyticsAudienceMembers = pgTable(
  'analytics_audience_members',
  {
    audienceId: uuid('audience_id')
      .notNull()
      .references(() => analyticsAudiences.id, { onDelete: 'cascade' }),
    appId: uuid('app_id').notNull(),
    instanceId: text('instance_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.audienceId, t.instanceId] }), index('analytics_audience_members_instance').on(t.appId, t.instanceId)],
);
