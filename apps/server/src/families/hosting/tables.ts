import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { HostingConfig } from '@wharf/rules';
import { byteOrderText } from '../../platform/db/columns';
import { projects } from '../projects/public';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull();

/** A project's sites (names unique on the deployment: a site's address is /sites/<name>/). */
export const hostingSites = pgTable(
  'hosting_sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull().unique('hosting_sites_name'),
    config: jsonb('config').$type<HostingConfig>().notNull(),
    /** The last version's number; the next deploy takes one more. */
    lastVersion: integer('last_version').notNull().default(0),
    createdAt: at('created_at'),
  },
  (t) => [index('hosting_sites_project').on(t.projectId, t.createdAt)],
);

/** A deploy: filled while `uploading`, immutable once `ready`. */
export const hostingVersions = pgTable(
  'hosting_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => hostingSites.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    state: text('state').$type<'uploading' | 'ready'>().notNull(),
    files: integer('files').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    createdAt: at('created_at'),
  },
  (t) => [unique('hosting_versions_number').on(t.siteId, t.number)],
);

/** A version's files; their bytes are blobs of the site named by their sha-256 (shared by versions). */
export const hostingFiles = pgTable(
  'hosting_files',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => hostingVersions.id, { onDelete: 'cascade' }),
    path: byteOrderText('path').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** The Brotli-compressed blob's size, when one is kept (text that shrinks). */
    brSize: bigint('br_size', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.path] }), index('hosting_files_sha').on(t.sha256)],
);

/** Which version each channel serves: `live`, and preview channels with addresses of their own. */
export const hostingChannels = pgTable(
  'hosting_channels',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => hostingSites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => hostingVersions.id),
    updatedAt: at('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.name] }), index('hosting_channels_version').on(t.versionId)],
);

/** Custom domains, served once their TXT record is found. */
export const hostingDomains = pgTable(
  'hosting_domains',
  {
  id: uuid('id').primaryKey().defaultRandom(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => hostingSites.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull().unique('hosting_domains_domain'),
  token: text('token').notNull(),
  state: text('state').$type<'pending' | 'verified'>().notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  createdAt: at('created_at'),
  },
  (t) => [index('hosting_domains_site').on(t.siteId)],
);
