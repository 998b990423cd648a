import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { isLongType, type CloudDbField, type CloudDbObjectType, type CloudDbValue } from '@wharf/rules';
import { columnOf, ident, SYSTEM_COLUMNS } from './physical';

/**
 * A value as a typed parameter of its column (never cast to varchar(n), which would cut it
 * short silently); or a placeholder, for a statement kept per query shape.
 */
export function param(field: CloudDbField, value: CloudDbValue | Placeholder): SQL {
  if (value === null) return sql`null`;
  if (field.isNeedEncrypt) return sql`${value}::text`;
  switch (field.fieldType) {
    case 'String':
    case 'Text':
      return sql`${value}::text`;
    case 'Boolean':
      return sql`${value}::boolean`;
    case 'Byte':
    case 'Short':
      return sql`${value}::smallint`;
    case 'Integer':
    case 'IntAutoIncrement':
      return sql`${value}::integer`;
    case 'Long':
    case 'LongAutoIncrement':
      return sql`${value}::bigint`;
    case 'Float':
      return sql`${value}::real`;
    case 'Double':
      return sql`${value}::float8`;
    case 'ByteArray':
      return sql`decode(${value}, 'base64')`;
    case 'Date':
      return sql`${value}::timestamptz`;
  }
}

/** A column as JSON wants it: 64-bit integers as text, bytes as base64, instants in ISO form. */
export function outputExpr(field: CloudDbField, c: string = ident(columnOf(field))): string {
  if (field.isNeedEncrypt) return c;
  if (isLongType(field.fieldType)) return `${c}::text`;
  if (field.fieldType === 'ByteArray') return `encode(${c}, 'base64')`;
  if (field.fieldType === 'Date') return `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return c;
}

/** Every field, each under its column's name. */
export const selectList = (type: CloudDbObjectType): string => type.fields.map((f) => `${outputExpr(f)} as ${ident(columnOf(f))}`).join(', ');

export const col = (field: CloudDbField): SQL => sql.raw(ident(columnOf(field)));
export const sys = (name: keyof typeof SYSTEM_COLUMNS): SQL => sql.raw(ident(SYSTEM_COLUMNS[name]));

/** The rows of a raw statement's answer (both drivers answer `{ rows }`). */
export const rowsOf = <T>(answer: unknown): T[] => (answer as { rows: T[] }).rows;

/** Documents by their keys: `(k1 = a and k2 = b) or (...)`, each value a parameter of its column. */
export const keyMatch = (keyFields: readonly CloudDbField[], keys: readonly (readonly CloudDbValue[])[]): SQL =>
  sql.join(keys.map((k) => sql`(${sql.join(keyFields.map((f, j) => sql`${col(f)} = ${param(f, k[j]!)}`), sql` and `)})`), sql` or `);

/** A LIKE pattern: the text taken literally, then the wildcard. */
export const likePattern = (text: string, anywhere: boolean): string => {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return anywhere ? `%${escaped}%` : `${escaped}%`;
};

export interface OrderKey {
  field: CloudDbField;
  desc: boolean;
}

/** ORDER BY in PostgreSQL's default null placement (last ascending, first descending), which the cursor follows. */
export const orderSql = (keys: readonly OrderKey[]): SQL => sql.join(keys.map((k) => sql`${col(k.field)} ${sql.raw(k.desc ? 'desc' : 'asc')}`), sql`, `);

/**
 * Rows strictly after `values` in that order: (a after) or (a equal and b after) ..., with
 * nulls where PostgreSQL puts them, so a page never repeats or skips a row.
 */
export function afterSql(keys: readonly OrderKey[], values: readonly CloudDbValue[]): SQL {
  const equal = (k: OrderKey, v: CloudDbValue) => (v === null ? sql`${col(k.field)} is null` : sql`${col(k.field)} = ${param(k.field, v)}`);
  const after = (k: OrderKey, v: CloudDbValue): SQL => {
    if (v === null) return k.desc ? sql`${col(k.field)} is not null` : sql`false`;
    return k.desc ? sql`${col(k.field)} < ${param(k.field, v)}` : sql`(${col(k.field)} > ${param(k.field, v)} or ${col(k.field)} is null)`;
  };
  const alternatives = keys.map((k, i) => sql.join([...keys.slice(0, i).map((e, j) => equal(e, values[j]!)), after(k, values[i]!)], sql` and `));
  return sql`(${sql.join(alternatives.map((a) => sql`(${a})`), sql` or `)})`;
}
