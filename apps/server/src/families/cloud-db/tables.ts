import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CloudDbObjectType, SecurityRules } from '@wharf/rules';
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
