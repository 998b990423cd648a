import { createHash } from 'node:crypto';
import { cloudDbKey, isAutoIncrement, lengthOf, type CloudDbField, type CloudDbIndex, type CloudDbObjectType } from '@wharf/rules';

/**
 * Where a project's documents live in PostgreSQL: one schema per project, one table per
 * object type partitioned by zone (so a zone is dropped, or purged, as a table), typed
 * columns named by the fields, the platform's own columns starting with `_`, which no
 * field name may (docs/cloud-db.md).
 */
const SAFE = /^[a-z_][a-z0-9_]{0,62}$/;

/** A quoted identifier; only names the contract allowed ever get here, and this says so. */
export function ident(name: string): string {
  if (!SAFE.test(name)) throw new Error(`not a Cloud DB identifier: ${name}`);
  return `"${name}"`;
}

/** A text literal for DDL, which takes no parameters (standard_conforming_strings is on). */
export const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

export const schemaOf = (projectId: string): string => `cdb_${projectId.replaceAll('-', '')}`;
export const tableOf = (type: Pick<CloudDbObjectType, 'objectTypeName'>): string => `t_${cloudDbKey(type.objectTypeName)}`;
export const columnOf = (field: Pick<CloudDbField, 'fieldName'>): string => cloudDbKey(field.fieldName);
export const qualified = (projectId: string, table: string): string => `${ident(schemaOf(projectId))}.${ident(table)}`;
export const partitionOf = (table: string, partition: string): string => `${table}__${partition}`;
const sequenceOf = (table: string): string => `${table}__seq`;
/** Index names are unique in a schema and at most 63 bytes: a digest of the type and index names. */
export const indexNameOf = (table: string, index: Pick<CloudDbIndex, 'indexName'>): string =>
  `ix_${createHash('sha256').update(`${table}/${cloudDbKey(index.indexName)}`).digest('hex').slice(0, 24)}`;

export const SYSTEM_COLUMNS = { zone: '_zone', owner: '_owner', created: '_created', updated: '_updated', version: '_version' } as const;

/** The column's SQL type; an encrypted field holds its sealed text. */
export function columnType(f: CloudDbField): string {
  if (f.isNeedEncrypt) return 'text';
  switch (f.fieldType) {
    case 'String':
    case 'Text':
      return `varchar(${lengthOf(f)})`;
    case 'Boolean':
      return 'boolean';
    case 'Byte':
    case 'Short':
      return 'smallint';
    case 'Integer':
    case 'IntAutoIncrement':
      return 'integer';
    case 'Long':
    case 'LongAutoIncrement':
      return 'bigint';
    case 'Float':
      return 'real';
    case 'Double':
      return 'double precision';
    case 'ByteArray':
      return 'bytea';
    case 'Date':
      return 'timestamptz';
  }
}

/** A default as SQL: numbers and booleans were checked by the schema's rules, text is quoted. */
export function defaultSql(f: CloudDbField): string | null {
  if (f.defaultValue === undefined) return null;
  if (f.fieldType === 'String' || f.fieldType === 'Text') return literal(f.defaultValue);
  if (f.fieldType === 'Long') return `${BigInt(f.defaultValue)}`;
  if (f.fieldType === 'Boolean') return f.defaultValue === 'true' ? 'true' : 'false';
  return `${Number(f.defaultValue)}`;
}

function columnSql(projectId: string, table: string, f: CloudDbField): string {
  const parts = [ident(columnOf(f)), columnType(f)];
  if (isAutoIncrement(f.fieldType)) parts.push(`default nextval(${literal(`${schemaOf(projectId)}.${sequenceOf(table)}`)})`);
  const d = defaultSql(f);
  if (d !== null) parts.push(`default ${d}`);
  if (f.notNull || f.belongPrimaryKey) parts.push('not null');
  return parts.join(' ');
}

const indexSql = (projectId: string, table: string, index: CloudDbIndex): string =>
  `create index ${ident(indexNameOf(table, index))} on ${qualified(projectId, table)} (${[
    ident(SYSTEM_COLUMNS.zone),
    ...index.indexList.map((e) => `${ident(cloudDbKey(e.fieldName))} ${e.sortType === 'DESC' ? 'desc' : 'asc'}`),
  ].join(', ')})`;

export const createSchemaSql = (projectId: string): string[] => [`create schema if not exists ${ident(schemaOf(projectId))}`];

/** The statements that make an object type's table, its partitions for the given zones, and its indexes. */
export function createTypeSql(projectId: string, type: CloudDbObjectType, partitions: readonly string[]): string[] {
  const table = tableOf(type);
  const q = qualified(projectId, table);
  const keys = type.fields.filter((f) => f.belongPrimaryKey).map((f) => ident(columnOf(f)));
  const c = SYSTEM_COLUMNS;
  const out: string[] = [];
  if (type.fields.some((f) => isAutoIncrement(f.fieldType))) out.push(`create sequence ${ident(schemaOf(projectId))}.${ident(sequenceOf(table))}`);
  out.push(
    `create table ${q} (${[
      `${ident(c.zone)} text not null`,
      ...type.fields.map((f) => columnSql(projectId, table, f)),
      `${ident(c.owner)} text`,
      `${ident(c.created)} timestamptz not null`,
      `${ident(c.updated)} timestamptz not null`,
      `${ident(c.version)} integer not null default 1`,
      `primary key (${[ident(c.zone), ...keys].join(', ')})`,
    ].join(', ')}) partition by list (${ident(c.zone)})`,
    `create index ${ident(`${table}__updated`)} on ${q} (${ident(c.zone)}, ${ident(c.updated)})`,
    `create index ${ident(`${table}__owner`)} on ${q} (${ident(c.zone)}, ${ident(c.owner)})`,
    ...partitions.map((p) => createPartitionSql(projectId, table, p)),
    ...type.indexes.map((i) => indexSql(projectId, table, i)),
  );
  return out;
}

export const createPartitionSql = (projectId: string, table: string, partition: string): string =>
  `create table ${qualified(projectId, partitionOf(table, partition))} partition of ${qualified(projectId, table)} for values in (${literal(partition)})`;

export const dropTypeSql = (projectId: string, type: CloudDbObjectType): string[] => {
  const table = tableOf(type);
  return [`drop table if exists ${qualified(projectId, table)} cascade`, `drop sequence if exists ${ident(schemaOf(projectId))}.${ident(sequenceOf(table))}`];
};

export { indexSql, columnSql };
