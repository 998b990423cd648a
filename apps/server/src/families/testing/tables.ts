import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A team's test-user group. */
export const testGroups = pgTable(
  'test_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('test_groups_team_name').on(t.teamId, sql`lower(${t.name})`), index('test_groups_team_created').on(t.teamId, t.createdAt, t.id)],
);

/**
 * A person in a group: listed by email (by hand, CSV, an emailed invitation) or joined by
 * code on the open-test page. Joining gives a tester token; only its hash is kept.
 */
export const testers = pgTable(
  'testers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id').notNull(),
    teamId: uuid('team_id').notNull(),
    email: text('email'),
    name: text('name'),
    source: text('source').notNull(),
    tokenHash: text('token_hash'),
    invitationId: uuid('invitation_id'),
    joinedAt: ts('joined_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('testers_group_email').on(t.groupId, t.email).where(sql`email is not null`),
    // One person who joined several groups carries one token: it names several rows.
    index('testers_token').on(t.tokenHash).where(sql`token_hash is not null`),
    index('testers_group_created').on(t.groupId, t.createdAt, t.id),
  ],
);

/** An invitation code of a group: 30 days, up to 10,000 admissions. */
export const testInvitations = pgTable(
  'test_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    groupId: uuid('group_id').notNull(),
    code: text('code').notNull(),
    maxAdmissions: integer('max_admissions').notNull(),
    admissions: integer('admissions').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('test_invitations_code').on(t.code), index('test_invitations_group').on(t.groupId, t.createdAt)],
);

/** A test version of an app (its own states: @wharf/rules TEST_STATES). */
export const testVersions = pgTable(
  'test_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id').notNull(),
    appId: uuid('app_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('invited'),
    state: text('state').notNull().default('draft'),
    packageId: uuid('package_id'),
    versionCode: bigint('version_code', { mode: 'number' }),
    versionName: text('version_name'),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    installCap: integer('install_cap').notNull(),
    installs: integer('installs').notNull().default(0),
    rejection: jsonb('rejection').$type<{ reasons: string[]; comment: string | null; at: string }>(),
    /** When it stopped or its window ended: testers who installed it keep it 90 days more. */
    endedAt: ts('ended_at'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('test_versions_app_created').on(t.appId, t.createdAt, t.id)],
);

/** A tester's first download of a test version: what the install cap counts. */
export const testInstalls = pgTable(
  'test_installs',
  {
    testVersionId: uuid('test_version_id').notNull(),
    testerId: uuid('tester_id').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.testVersionId, t.testerId] })],
);
