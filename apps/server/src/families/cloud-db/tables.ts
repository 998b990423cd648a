import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CloudDbObjectType, SecurityRules } from '@wharf/rules';
import { users } from '../accounts/public';
import { projects } from '../projects/public';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A project's object types. Their documents live in tables of the project's own schema,
 * made and changed at run time (docs/cloud-db.md): these rows say what those tables hold.
 */
export const cloudDbObjectTypes = pgTable(
  'cloud_db_object_types',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The name in lower case: names differ in more than case (AppGallery Connect's rule). */
    key: text('key').notNull(),
    definition: jsonb('definition').$type<CloudDbObjectType>().notNull(),
    /** Expressions per operation that must hold besides the role's right (docs/cloud-db.md). */
    rules: jsonb('rules').$type<SecurityRules>().notNull().default({}),
    revision: integer('revision').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] })],
);

/** A project's zones: each holds its own documents of every object type (a partition of each type's table). */
export const cloudDbZones = pgTable(
  'cloud_db_zones',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Short and fixed: names the zone's partitions, so a zone's name never reaches SQL. */
    partition: text('partition').notNull(),
    retentionDays: integer('retention_days'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.key] })],
);

/** Imports and exports of one type in one zone, made in the background with their progress. */
export const cloudDbTransfers = pgTable(
  'cloud_db_transfers',
  {
    id: uuid('id').primaryKey(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** import | export */
    kind: text('kind').notNull(),
    /** json | csv */
    format: text('format').notNull(),
    zoneName: text('zone_name').notNull(),
    objectTypeName: text('object_type_name').notNull(),
    /** An import's uploaded file (its storage key). */
    sourceKey: text('source_key'),
    /** An export's file, once written. */
    objectId: uuid('object_id'),
    /** queued | running | done | failed */
    state: text('state').notNull(),
    done: integer('done').notNull(),
    total: integer('total'),
    error: jsonb('error').$type<{ zh: string; en: string; ru: string }>(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('cloud_db_transfers_project').on(t.projectId, t.createdAt), index('cloud_db_transfers_state').on(t.state, t.updatedAt)],
);
