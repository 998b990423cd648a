import {
  CLOUD_DB_LIMITS, cloudDbKey, isAutoIncrement, isTextual,
  type CloudDbField, type CloudDbFieldType, type CloudDbObjectType,
} from './model';
import { parseDefault } from './values';

/** What is wrong with an object type, named so each side can word it in its language. */
export type ObjectTypeProblemCode =
  | 'duplicateField' | 'tooManyFields' | 'noPrimaryKey' | 'tooManyPrimaryKeyFields' | 'primaryKeyType' | 'primaryKeyEncrypted'
  | 'notNullType' | 'notNullNeedsDefault' | 'encryptedType' | 'encryptedNotNull' | 'tooManyEncrypted'
  | 'defaultNotAllowed' | 'defaultInvalid' | 'defaultTooLong' | 'maxLengthNotAllowed' | 'maxLengthRange' | 'autoIncrementTwice'
  | 'duplicateIndex' | 'tooManyIndexes' | 'indexEmpty' | 'tooManyIndexFields' | 'indexUnknownField' | 'indexFieldType' | 'indexFieldTwice'
  | 'duplicateRole';

export interface ObjectTypeProblem {
  code: ObjectTypeProblemCode;
  objectType: string;
  field?: string;
  index?: string;
  /** The limit that was passed, where there is one. */
  limit?: number;
}

const NOT_PRIMARY: ReadonlySet<CloudDbFieldType> = new Set(['ByteArray', 'Text', 'Date', 'Double', 'Float', 'Boolean']);
const NOT_NULLABLE: ReadonlySet<CloudDbFieldType> = new Set(['ByteArray', 'Date']);
const NOT_ENCRYPTED: ReadonlySet<CloudDbFieldType> = new Set(['ByteArray', 'Text']);
const NO_DEFAULT: ReadonlySet<CloudDbFieldType> = new Set(['ByteArray', 'Date', 'IntAutoIncrement', 'LongAutoIncrement']);
const NOT_INDEXED: ReadonlySet<CloudDbFieldType> = new Set(['ByteArray', 'Text']);

const twice = (names: readonly string[]): string | undefined => {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(cloudDbKey(n))) return n;
    seen.add(cloudDbKey(n));
  }
  return undefined;
};

function fieldProblem(objectType: string, f: CloudDbField): ObjectTypeProblem | null {
  const at = (code: ObjectTypeProblemCode, limit?: number): ObjectTypeProblem => ({ code, objectType, field: f.fieldName, ...(limit === undefined ? {} : { limit }) });
  if (f.belongPrimaryKey && NOT_PRIMARY.has(f.fieldType)) return at('primaryKeyType');
  if (f.belongPrimaryKey && f.isNeedEncrypt) return at('primaryKeyEncrypted');
  if (f.isNeedEncrypt && NOT_ENCRYPTED.has(f.fieldType)) return at('encryptedType');
  if (f.isNeedEncrypt && f.notNull) return at('encryptedNotNull');
  if (f.notNull && !f.belongPrimaryKey && NOT_NULLABLE.has(f.fieldType)) return at('notNullType');
  if (f.maxLength !== undefined) {
    if (!isTextual(f.fieldType)) return at('maxLengthNotAllowed');
    const max = f.fieldType === 'Text' ? CLOUD_DB_LIMITS.textMaxLength : CLOUD_DB_LIMITS.stringMaxLength;
    if (f.maxLength < 1 || f.maxLength > max) return at('maxLengthRange', max);
  }
  if (f.defaultValue !== undefined) {
    if (f.belongPrimaryKey || f.isNeedEncrypt || NO_DEFAULT.has(f.fieldType)) return at('defaultNotAllowed');
    if ([...f.defaultValue].length > CLOUD_DB_LIMITS.defaultValueLength) return at('defaultTooLong', CLOUD_DB_LIMITS.defaultValueLength);
    if (!parseDefault(f, f.defaultValue).ok) return at('defaultInvalid');
  } else if (f.notNull && !f.belongPrimaryKey && !isAutoIncrement(f.fieldType)) {
    return at('notNullNeedsDefault');
  }
  return null;
}

/** The first problem of an object type's definition (AppGallery Connect's rules), or null. */
export function checkObjectType(t: CloudDbObjectType): ObjectTypeProblem | null {
  const objectType = t.objectTypeName;
  const dupField = twice(t.fields.map((f) => f.fieldName));
  if (dupField) return { code: 'duplicateField', objectType, field: dupField };
  if (t.fields.length > CLOUD_DB_LIMITS.fields) return { code: 'tooManyFields', objectType, limit: CLOUD_DB_LIMITS.fields };
  const keys = t.fields.filter((f) => f.belongPrimaryKey);
  if (keys.length === 0) return { code: 'noPrimaryKey', objectType };
  if (keys.length > CLOUD_DB_LIMITS.primaryKeyFields) return { code: 'tooManyPrimaryKeyFields', objectType, limit: CLOUD_DB_LIMITS.primaryKeyFields };
  for (const f of t.fields) {
    const p = fieldProblem(objectType, f);
    if (p) return p;
  }
  const autos = t.fields.filter((f) => isAutoIncrement(f.fieldType));
  if (autos.length > 1) return { code: 'autoIncrementTwice', objectType, field: autos[1]!.fieldName };
  if (t.fields.filter((f) => f.isNeedEncrypt).length > CLOUD_DB_LIMITS.encryptedFields) {
    return { code: 'tooManyEncrypted', objectType, limit: CLOUD_DB_LIMITS.encryptedFields };
  }
  return indexProblem(t) ?? roleProblem(t);
}

function indexProblem(t: CloudDbObjectType): ObjectTypeProblem | null {
  const objectType = t.objectTypeName;
  const dupIndex = twice(t.indexes.map((i) => i.indexName));
  if (dupIndex) return { code: 'duplicateIndex', objectType, index: dupIndex };
  if (t.indexes.length > CLOUD_DB_LIMITS.indexes) return { code: 'tooManyIndexes', objectType, limit: CLOUD_DB_LIMITS.indexes };
  const fields = new Map(t.fields.map((f) => [cloudDbKey(f.fieldName), f]));
  for (const i of t.indexes) {
    const at = (code: ObjectTypeProblemCode, field?: string, limit?: number): ObjectTypeProblem =>
      ({ code, objectType, index: i.indexName, ...(field ? { field } : {}), ...(limit === undefined ? {} : { limit }) });
    if (i.indexList.length === 0) return at('indexEmpty');
    if (i.indexList.length > CLOUD_DB_LIMITS.indexFields) return at('tooManyIndexFields', undefined, CLOUD_DB_LIMITS.indexFields);
    const again = twice(i.indexList.map((e) => e.fieldName));
    if (again) return at('indexFieldTwice', again);
    for (const e of i.indexList) {
      const f = fields.get(cloudDbKey(e.fieldName));
      if (!f) return at('indexUnknownField', e.fieldName);
      if (NOT_INDEXED.has(f.fieldType) || f.isNeedEncrypt) return at('indexFieldType', f.fieldName);
    }
  }
  return null;
}

function roleProblem(t: CloudDbObjectType): ObjectTypeProblem | null {
  const role = twice(t.permissions.map((p) => p.role));
  return role ? { code: 'duplicateRole', objectType: t.objectTypeName, field: role } : null;
}
