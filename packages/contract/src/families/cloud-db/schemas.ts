import { z } from 'zod';
import { CLOUD_DB_FIELD_TYPES, CLOUD_DB_LIMITS, CLOUD_DB_NAME, CLOUD_DB_RIGHTS, CLOUD_DB_ROLES, RULE_MAX_LENGTH } from '@wharf/rules';

export const projectQuery = z.object({ projectId: z.uuid() });

/** Object type, field and index names as AppGallery Connect allows them. */
export const cloudDbName = z.string().trim().regex(CLOUD_DB_NAME);
/** A zone (AppGallery Connect's Cloud DB zone, a named data space of the project). */
export const zoneName = z.string().trim().min(1).max(CLOUD_DB_LIMITS.nameLength).regex(/^[A-Za-z][A-Za-z0-9_-]*$/);

export const cloudDbField = z.object({
  fieldName: cloudDbName,
  fieldType: z.enum(CLOUD_DB_FIELD_TYPES),
  belongPrimaryKey: z.boolean().default(false),
  notNull: z.boolean().default(false),
  isNeedEncrypt: z.boolean().default(false),
  /** AppGallery Connect's files carry it; Wharf has no separate sensitive kind (encrypted covers it). */
  isSensitive: z.boolean().optional(),
  defaultValue: z.string().max(CLOUD_DB_LIMITS.defaultValueLength).optional(),
  maxLength: z.number().int().min(1).max(CLOUD_DB_LIMITS.textMaxLength).optional(),
});

export const cloudDbIndex = z.object({
  indexName: cloudDbName,
  indexList: z.array(z.object({ fieldName: cloudDbName, sortType: z.enum(['ASC', 'DESC']).default('ASC') })).min(1).max(CLOUD_DB_LIMITS.indexFields),
});

export const cloudDbPermission = z.object({
  role: z.enum(CLOUD_DB_ROLES),
  rights: z.array(z.enum(CLOUD_DB_RIGHTS)).max(CLOUD_DB_RIGHTS.length),
});

const objectTypeShape = {
  objectTypeName: cloudDbName,
  fields: z.array(cloudDbField).min(1).max(CLOUD_DB_LIMITS.fields),
  indexes: z.array(cloudDbIndex).max(CLOUD_DB_LIMITS.indexes).default([]),
};

/** An object type as the console edits it: its fields, indexes and each role's rights. */
export const objectTypeInput = z.object({
  ...objectTypeShape,
  permissions: z.array(cloudDbPermission).max(CLOUD_DB_ROLES.length),
});
export type ObjectTypeInput = z.infer<typeof objectTypeInput>;

/** AppGallery Connect's exported schema file, as its console writes it. */
export const schemaFile = z.object({
  schemaVersion: z.number().int().min(1).max(1).default(1),
  permissions: z.array(z.object({ objectTypeName: cloudDbName, permissions: z.array(cloudDbPermission).max(CLOUD_DB_ROLES.length) })).max(CLOUD_DB_LIMITS.objectTypes).default([]),
  objectTypes: z.array(z.object(objectTypeShape)).min(1).max(CLOUD_DB_LIMITS.objectTypes),
});
export type SchemaFile = z.infer<typeof schemaFile>;

/** Expressions per operation that must hold besides the role's right; empty: none (docs/cloud-db.md). */
export const securityRules = z.object({
  read: z.string().max(RULE_MAX_LENGTH).optional(),
  upsert: z.string().max(RULE_MAX_LENGTH).optional(),
  delete: z.string().max(RULE_MAX_LENGTH).optional(),
});

const fieldOut = z.object({
  fieldName: z.string(),
  fieldType: z.enum(CLOUD_DB_FIELD_TYPES),
  belongPrimaryKey: z.boolean(),
  notNull: z.boolean(),
  isNeedEncrypt: z.boolean(),
  defaultValue: z.string().optional(),
  maxLength: z.number().int().optional(),
});

export const objectType = z.object({
  objectTypeName: z.string(),
  fields: z.array(fieldOut),
  indexes: z.array(z.object({ indexName: z.string(), indexList: z.array(z.object({ fieldName: z.string(), sortType: z.enum(['ASC', 'DESC']) })) })),
  permissions: z.array(z.object({ role: z.enum(CLOUD_DB_ROLES), rights: z.array(z.enum(CLOUD_DB_RIGHTS)) })),
  securityRules,
  /** Each change of the definition counts one: a change names the revision it started from. */
  revision: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** Documents in every zone together (PostgreSQL's estimate past 10,000), and the bytes they take with their indexes. */
  rows: z.number().int(),
  bytes: z.number().int(),
});
export type ObjectType = z.infer<typeof objectType>;

export const zone = z.object({
  zoneName: z.string(),
  /** Documents not changed for this many days are deleted (null: kept). */
  retentionDays: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
});
export type CloudDbZone = z.infer<typeof zone>;

export const schemaOut = z.object({
  schemaVersion: z.number().int(),
  permissions: z.array(z.object({ objectTypeName: z.string(), permissions: objectType.shape.permissions })),
  objectTypes: z.array(objectType.pick({ objectTypeName: true, fields: true, indexes: true })),
});
