import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LinkTargets } from '@wharf/rules';
import { apps } from '../apps/public';
import { projects } from '../projects/public';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const projectRef = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/** A project's link settings (a row once changed; defaults otherwise). */
export const appLinkSettings = pgTable('app_link_settings', {
  projectId: projectRef().primaryKey(),
  allowedHosts: jsonb('allowed_hosts').$type<string[]>().notNull(),
  perDayLimit: integer('per_day_limit').notNull(),
  fingerprintMatching: boolean('fingerprint_matching').notNull(),
  appleTeamId: text('apple_team_id'),
  updatedAt: at('updated_at').notNull(),
});

/** Link prefixes: a path name on the deployment's link host, or a host name (unique on the deployment). */
export const appLinkPrefixes = pgTable(
  'app_link_prefixes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    kind: text('kind').$type<'path' | 'host'>().notNull(),
    name: text('name').notNull(),
    /** A host's TXT proof. */
    token: text('token'),
    state: text('state').$type<'pending' | 'verified'>().notNull(),
    checkedAt: at('checked_at'),
    verifiedAt: at('verified_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [unique('app_link_prefixes_name').on(t.kind, t.name), index('app_link_prefixes_project').on(t.projectId, t.createdAt)],
);

/** What a link stores of its targets (its name and expiry have columns of their own). */
export type StoredTargets = Omit<LinkTargets, 'utm'> & { utm: Record<string, string> };

/**
 * Short links. A deleted link keeps its row (`deleted_at`) so its address is never given
 * to another link; suffixes are unique per prefix whatever their case.
 */
export const appLinks = pgTable(
  'app_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectRef(),
    prefixId: uuid('prefix_id')
      .notNull()
      .references(() => appLinkPrefixes.id, { onDelete: 'cascade' }),
    suffix: text('suffix').notNull(),
    suffixKey: text('suffix_key').notNull(),
    name: text('name').notNull(),
    state: text('state').$type<'active' | 'disabled' | 'takenDown'>().notNull(),
    targets: jsonb('targets').$type<StoredTargets>().notNull(),
    expiresAt: at('expires_at'),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    deletedAt: at('deleted_at'),
  },
  (t) => [unique('app_links_suffix').on(t.prefixId, t.suffixKey), index('app_links_project_created').on(t.projectId, t.createdAt, t.id)],
);

/** Counts per link, day and slice; written in batches from what instances counted in memory. */
export const appLinkStats = pgTable(
  'app_link_stats',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => appLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'click' | 'firstOpen' | 'reopen'>().notNull(),
    platform: text('platform').notNull(),
    country: text('country').notNull(),
    referrer: text('referrer').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'app_link_stats_pk', columns: [t.linkId, t.day, t.kind, t.platform, t.country, t.referrer] })],
);

/**
 * Deferred deep links waiting for an app's first open: claimed once by their token, or (where
 * the project allows) by a coarse fingerprint within two hours.
 */
export const appLinkClaims = pgTable(
  'app_link_claims',
  {
    token: text('token').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => appLinks.id, { onDelete: 'cascade' }),
    projectId: projectRef(),
    appId: uuid('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    claimedAt: at('claimed_at'),
  },
  (t) => [index('app_link_claims_fingerprint').on(t.appId, t.fingerprint, t.createdAt), index('app_link_claims_expiry').on(t.expiresAt), index('app_link_claims_project').on(t.projectId), index('app_link_claims_link').on(t.linkId)],
);

/** Reports from links' preview pages: one open row per link, counted, for the operator's takedown queue. */
export const appLinkReports = pgTable(
  'app_link_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => appLinks.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    reports: integer('reports').notNull().default(1),
    state: text('state').$type<'open' | 'dismissed' | 'takenDown'>().notNull(),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: text('decided_by'),
  },
  (t) => [uniqueIndex('app_link_reports_open').on(t.linkId).where(sql`state = 'open'`), index('app_link_reports_state').on(t.state, t.reports)],
);
