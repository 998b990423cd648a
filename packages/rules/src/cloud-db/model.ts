/**
 * Cloud DB's object types as AppGallery Connect defines them (the exported schema file's
 * field names), and the limits its console states.
 */
export const CLOUD_DB_FIELD_TYPES = [
  'String', 'Boolean', 'Byte', 'Short', 'Integer', 'Long', 'Float', 'Double', 'ByteArray', 'Text', 'Date', 'IntAutoIncrement', 'LongAutoIncrement',
] as const;
export type CloudDbFieldType = (typeof CLOUD_DB_FIELD_TYPES)[number];

export const CLOUD_DB_ROLES = ['World', 'Authenticated', 'Creator', 'Administrator'] as const;
export type CloudDbRole = (typeof CLOUD_DB_ROLES)[number];
export const CLOUD_DB_RIGHTS = ['Read', 'Upsert', 'Delete'] as const;
export type CloudDbRight = (typeof CLOUD_DB_RIGHTS)[number];

export interface CloudDbField {
  fieldName: string;
  fieldType: CloudDbFieldType;
  belongPrimaryKey: boolean;
  notNull: boolean;
  isNeedEncrypt: boolean;
  /** As text, read by the field's type (AppGallery Connect's file keeps it a string). */
  defaultValue?: string;
  /** String and Text only: the most characters a value may hold. */
  maxLength?: number;
}

export interface CloudDbIndex {
  indexName: string;
  indexList: { fieldName: string; sortType: 'ASC' | 'DESC' }[];
}

export interface CloudDbPermission {
  role: CloudDbRole;
  rights: CloudDbRight[];
}

export interface CloudDbObjectType {
  objectTypeName: string;
  fields: CloudDbField[];
  indexes: CloudDbIndex[];
  permissions: CloudDbPermission[];
}

export const CLOUD_DB_LIMITS = {
  /** Object types per project. */
  objectTypes: 100,
  fields: 100,
  primaryKeyFields: 5,
  indexes: 16,
  indexFields: 5,
  encryptedFields: 5,
  nameLength: 30,
  /** String's default and largest maxLength (characters). */
  stringDefaultLength: 200,
  stringMaxLength: 4000,
  /** Text's largest value (characters), and ByteArray's (bytes): within one document's bound. */
  textMaxLength: 500_000,
  byteArrayMaxBytes: 500_000,
  defaultValueLength: 200,
  /** One document as JSON, in bytes. */
  documentBytes: 1_000_000,
  /** Documents in one upsert or delete. */
  batch: 1000,
  zones: 20,
} as const;

/** What a role may do when an object type does not say (AppGallery Connect's defaults). */
export const DEFAULT_CLOUD_DB_PERMISSIONS: CloudDbPermission[] = [
  { role: 'World', rights: ['Read'] },
  { role: 'Authenticated', rights: ['Read'] },
  { role: 'Creator', rights: ['Read', 'Upsert', 'Delete'] },
  { role: 'Administrator', rights: ['Read', 'Upsert', 'Delete'] },
];

/** Names are case-insensitive in AppGallery Connect: two that differ only in case are one. */
export const cloudDbKey = (name: string): string => name.toLowerCase();

/** A name as AppGallery Connect allows: a letter first, letters, digits and _ then, not ending in _. */
export const CLOUD_DB_NAME = /^[A-Za-z](?:[A-Za-z0-9_]{0,28}[A-Za-z0-9])?$/;

export const INTEGER_RANGES = {
  Byte: [-128, 127],
  Short: [-32768, 32767],
  Integer: [-2147483648, 2147483647],
  IntAutoIncrement: [-2147483648, 2147483647],
} as const;
export const LONG_RANGE = [-(2n ** 63n), 2n ** 63n - 1n] as const;

export const isLongType = (t: CloudDbFieldType): boolean => t === 'Long' || t === 'LongAutoIncrement';
export const isAutoIncrement = (t: CloudDbFieldType): boolean => t === 'IntAutoIncrement' || t === 'LongAutoIncrement';
export const isTextual = (t: CloudDbFieldType): boolean => t === 'String' || t === 'Text';

/** The characters a String or Text field holds at most. */
export function lengthOf(field: Pick<CloudDbField, 'fieldType' | 'maxLength'>): number {
  if (field.fieldType === 'Text') return field.maxLength ?? CLOUD_DB_LIMITS.textMaxLength;
  return field.maxLength ?? CLOUD_DB_LIMITS.stringDefaultLength;
}

export function rightsOf(type: Pick<CloudDbObjectType, 'permissions'>, role: CloudDbRole): ReadonlySet<CloudDbRight> {
  return new Set(type.permissions.find((p) => p.role === role)?.rights ?? []);
}

export const primaryKeyOf = (type: Pick<CloudDbObjectType, 'fields'>): CloudDbField[] => type.fields.filter((f) => f.belongPrimaryKey);
