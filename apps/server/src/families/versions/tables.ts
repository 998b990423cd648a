import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A release of an app. Superseded versions (replaced on shelf, rolled back) are its history. */
export const appVersions = pgTable(
  'app_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    appId: uuid('app_id').notNull(),
    /** AppGallery Connect's releaseState numbers (@wharf/rules RELEASE_STATE). */
    releaseState: integer('release_state').notNull().default(7),
    releaseType: text('release_type').notNull().default('full'),
    packageId: uuid('package_id'),
    /** Released without a package (a pre-registration page for a first release): devices get nothing. */
    noPackage: boolean('no_package').notNull().default(false),
    versionCode: bigint('version_code', { mode: 'number' }),
    versionName: text('version_name'),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    releaseAt: ts('release_at'),
    reviewNotes: text('review_notes'),
    testAccount: jsonb('test_account').$type<{ account: string; password: string }>(),
    /** @wharf/rules AGE_RATINGS; null until the developer picks one (needed to submit). */
    ageRating: text('age_rating'),
    rollbackPending: boolean('rollback_pending').notNull().default(false),
    rejection: jsonb('rejection').$type<{ reasons: string[]; comment: string | null; at: string }>(),
    submittedAt: ts('submitted_at'),
    onShelfAt: ts('on_shelf_at'),
    supersededAt: ts('superseded_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('app_versions_app_created').on(t.appId, t.createdAt, t.id),
    index('app_versions_app_on_shelf').on(t.appId, t.onShelfAt, t.id),
    // The database settles two "create version" calls racing: one unreleased version per app.
    // The numbers are @wharf/rules' UNRELEASED_STATES and LIVE_STATES (state-lists.test.ts).
    uniqueIndex('app_versions_one_unreleased')
      .on(t.appId)
      .where(sql`release_state in (7, 4, 5, 1, 8, 3, 11, 10, 2) and superseded_at is null`),
    // And one version on shelf per app: a release supersedes the previous one first.
    uniqueIndex('app_versions_one_current').on(t.appId).where(sql`release_state in (0, 6) and superseded_at is null`),
  ],
);

/** An Android APK version's expansion files (OBB): at most a main and a patch file. */
export const versionExpansionFiles = pgTable(
  'version_expansion_files',
  {
    versionId: uuid('version_id').notNull(),
    /** main or patch, as the OBB's file name says. */
    slot: text('slot').notNull(),
    packageId: uuid('package_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.slot] })],
);

/** A version's store listing in one catalogue language. */
export const versionListings = pgTable(
  'version_listings',
  {
    versionId: uuid('version_id').notNull(),
    language: text('language').notNull(),
    name: text('name').notNull().default(''),
    brief: text('brief').notNull().default(''),
    description: text('description').notNull().default(''),
    newFeatures: text('new_features').notNull().default(''),
    /** Files of the team (files family): an image, 3–5 images, 1–3 videos. */
    iconObjectId: uuid('icon_object_id'),
    screenshotObjectIds: uuid('screenshot_object_ids').array().notNull().default(sql`'{}'::uuid[]`),
    videoObjectIds: uuid('video_object_ids').array().notNull().default(sql`'{}'::uuid[]`),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.language] })],
);

/** Who did what to a version when: the history the version page shows. */
export const versionEvents = pgTable(
  'version_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: several events of one transaction share their time. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    versionId: uuid('version_id').notNull(),
    appId: uuid('app_id').notNull(),
    action: text('action').notNull(),
    fromState: integer('from_state'),
    toState: integer('to_state'),
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    at: ts('at').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('version_events_version_at').on(t.versionId, t.at)],
);

/**
 * The reviewers' queue, one for every kind of subject: a version's release, update, removal
 * or rollback, a test version, an immersive banner, a qualification. The subject is kept by
 * its family (`subject_id` is its id); `snapshot` is what was submitted, for subjects that
 * may change while the task waits. States: open, approved, rejected, withdrawn.
 */
export const reviewTasks = pgTable(
  'review_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id').notNull(),
    appId: uuid('app_id').notNull(),
    teamId: uuid('team_id').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('open'),
    reason: text('reason'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>(),
    submittedBy: uuid('submitted_by'),
    submittedAt: ts('submitted_at').notNull(),
    urgedAt: ts('urged_at'),
    reviewerId: uuid('reviewer_id'),
    decidedAt: ts('decided_at'),
    reasons: text('reasons').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
  },
  (t) => [
    index('review_tasks_queue').on(t.state, t.submittedAt, t.id),
    index('review_tasks_kind_queue').on(t.kind, t.state, t.submittedAt, t.id),
    index('review_tasks_app').on(t.appId, t.kind, t.submittedAt, t.id),
    uniqueIndex('review_tasks_one_open').on(t.subjectId).where(sql`state = 'open'`),
  ],
);

/** Downloads per day, version and country, for reports. */
export const downloadCounts = pgTable(
  'download_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    versionId: uuid('version_id').notNull(),
    country: text('country').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.versionId, t.country] })],
);

/**
 * The phase of a version released in phases. Percent is kept in basis points (1/100 of a
 * percent), the unit of the bucketing: a device is in when its bucket (0–9999) is below it.
 */
export const phasedReleases = pgTable('phased_releases', {
  versionId: uuid('version_id').primaryKey(),
  appId: uuid('app_id').notNull(),
  state: text('state').notNull().default('pending'),
  percentBp: integer('percent_bp').notNull(),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  description: text('description').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
