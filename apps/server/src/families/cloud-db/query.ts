import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Aggregate, ObjectQuery, Predicate } from '@wharf/contract';
import { cloudDbKey, coerceValue, type CloudDbField, type CloudDbValue } from '@wharf/rules';
import { invalidInput } from '../../platform/http/errors';
import { afterSql, col, likePattern, orderSql, outputExpr, param, selectList, sys, type OrderKey } from './document-sql';
import { fieldNamed, valueFor } from './documents';
import { batchableKeys, typeId } from './batching';
import { renderStatement } from './statements';
import { columnOf, ident, SYSTEM_COLUMNS } from './physical';
import type { Target } from './document-service';

const TEXTUAL = new Set(['String', 'Text']);
const NUMERIC = new Set(['Byte', 'Short', 'Integer', 'Long', 'Float', 'Double', 'IntAutoIncrement', 'LongAutoIncrement']);
const ORDERED = new Set([...NUMERIC, 'String', 'Text', 'Date', 'Boolean']);

const cannot = (f: CloudDbField, what: { zh: string; en: string; ru: string }) =>
  invalidInput({ zh: `字段“${f.fieldName}”（${f.fieldType}）不能${what.zh}`, en: `Field “${f.fieldName}” (${f.fieldType}) cannot ${what.en}`, ru: `Поле «${f.fieldName}» (${f.fieldType}) нельзя ${what.ru}` });
const COMPARE = { zh: '用于比较', en: 'be compared so', ru: 'так сравнивать' };

/**
 * Where a value goes in a statement: the value itself, or a named placeholder that a
 * statement kept per query shape fills (the value is read and checked either way).
 */
type Slot = (name: string, value: CloudDbValue) => CloudDbValue | Placeholder;
const direct: Slot = (_name, value) => value;

/**
 * A predicate's field and values, each read by the field's type and named for its place in
 * the statement; refuses a field that does not suit the operation. Everything a request's
 * own values can get wrong is found here, so a statement kept per shape needs only this.
 */
function predicateValues(t: Target, p: Predicate, i: number): { f: CloudDbField; values: [string, CloudDbValue][] } {
  const f = fieldNamed(t.type, t.fields, p.field);
  if (p.op === 'isNull' || p.op === 'isNotNull') return { f, values: [] };
  if (f.isNeedEncrypt) throw cannot(f, { zh: '用于查询（已加密）', en: 'be queried (it is encrypted)', ru: 'использовать в запросе (оно шифруется)' });
  const one = (raw: unknown): CloudDbValue => {
    if (Array.isArray(raw) || raw === undefined) {
      throw invalidInput({ zh: `条件 ${p.op} 需要一个值（字段“${f.fieldName}”）`, en: `${p.op} takes one value (field “${f.fieldName}”)`, ru: `${p.op} принимает одно значение (поле «${f.fieldName}»)` });
    }
    return valueFor({ ...f, notNull: true, maxLength: undefined, fieldType: f.fieldType === 'IntAutoIncrement' ? 'Integer' : f.fieldType }, raw, null);
  };
  switch (p.op) {
    case 'in':
      if (!Array.isArray(p.value) || p.value.length === 0) {
        throw invalidInput({ zh: `条件 in 需要一组值（字段“${f.fieldName}”）`, en: `in takes a list of values (field “${f.fieldName}”)`, ru: `in принимает список значений (поле «${f.fieldName}»)` });
      }
      return { f, values: p.value.map((v, j) => [`w${i}_${j}`, one(v)]) };
    case 'beginsWith':
    case 'contains':
      if (!TEXTUAL.has(f.fieldType)) throw cannot(f, { zh: '按文本匹配', en: 'be matched as text', ru: 'сопоставлять как текст' });
      return { f, values: [[`w${i}`, likePattern(String(one(p.value)), p.op === 'contains')]] };
    default:
      if (f.fieldType === 'ByteArray' && p.op !== 'equalTo' && p.op !== 'notEqualTo') throw cannot(f, COMPARE);
      return { f, values: [[`w${i}`, one(p.value)]] };
  }
}

const COMPARISONS: Record<string, string> = { equalTo: '=', notEqualTo: '<>', greaterThan: '>', greaterThanOrEqualTo: '>=', lessThan: '<', lessThanOrEqualTo: '<=' };

/** One predicate as SQL: the field must exist and suit the operation; values are read by the field's type. */
function predicateSql(t: Target, p: Predicate, i: number, slot: Slot): SQL {
  const { f, values } = predicateValues(t, p, i);
  const c = col(f);
  const at = (k: number) => slot(values[k]![0], values[k]![1]);
  switch (p.op) {
    case 'isNull':
      return sql`${c} is null`;
    case 'isNotNull':
      return sql`${c} is not null`;
    case 'in':
      return sql`${c} in (${sql.join(values.map((_, k) => param(f, at(k))), sql`, `)})`;
    case 'beginsWith':
    case 'contains':
      return sql`${c} like ${at(0)}::text`;
    default:
      return sql`${c} ${sql.raw(COMPARISONS[p.op]!)} ${param(f, at(0))}`;
  }
}

/** The zone, what the caller may read (`scope`: their own documents, the read rule) and every predicate. */
export function whereSql(t: Target, where: readonly Predicate[], scope: readonly SQL[] = [], slot: Slot = direct): SQL {
  // Every value typed where it is used: such a statement can be batched (batching.ts).
  const parts = [sql`${sys('zone')} = ${slot('zone', t.partition)}::text`, ...scope];
  parts.push(...where.map((p, i) => predicateSql(t, p, i, slot)));
  return sql.join(parts, sql` and `);
}

const MAX_SHAPES = 1000;
/** Query statements by shape (type revision, fields and operations, order): rendered once, filled per request. */
const shapes = new Map<string, { text: string; params: unknown[] }>();

/**
 * A page of documents: the asked order then the primary key (so every row has one place),
 * one row more than the page to know whether another follows, after the cursor's row.
 * `scope` keeps out what the caller may not read. A query within the caller's full reach
 * and without a cursor (most of them) takes its statement from the shape's, with its values
 * checked and filled in: building and rendering it was a fifth of a query's time.
 */
export function querySql(t: Target, q: ObjectQuery & { withVersions?: boolean }, scope: readonly SQL[]): { text: string; params: unknown[]; orderKeys: (OrderKey & { i: number })[] } {
  const keys: (OrderKey & { i: number })[] = [];
  for (const o of q.orderBy) {
    const f = fieldNamed(t.type, t.fields, o.field);
    if (!ORDERED.has(f.fieldType) || f.isNeedEncrypt) throw cannot(f, { zh: '用于排序', en: 'order results', ru: 'использовать для сортировки' });
    if (keys.some((k) => k.field === f)) continue;
    keys.push({ field: f, desc: o.direction === 'desc', i: keys.length });
  }
  for (const f of t.type.fields.filter((x) => x.belongPrimaryKey)) if (!keys.some((k) => k.field === f)) keys.push({ field: f, desc: false, i: keys.length });
  // The cursor is read from the order's own columns; the version only when asked.
  const columns = q.withVersions ? `${selectList(t.type)}, ${ident(SYSTEM_COLUMNS.version)} as "_v"` : selectList(t.type);
  const statement = (where: SQL, limit: unknown, offset: unknown) =>
    sql`select ${sql.raw(columns)} from ${t.table} where ${where} order by ${orderSql(keys)} limit ${limit}::int offset ${offset}::int`;
  if (q.cursor || scope.length) {
    const conditions = [whereSql(t, q.where, scope)];
    if (q.cursor) conditions.push(afterSql(keys, cursorValues(q.cursor, keys)));
    return { ...renderStatement(statement(sql.join(conditions, sql` and `), q.limit + 1, q.offset)), orderKeys: keys };
  }
  const values: Record<string, unknown> = { zone: t.partition, limit: q.limit + 1, offset: q.offset };
  for (const [i, p] of q.where.entries()) for (const [name, value] of predicateValues(t, p, i).values) values[name] = value;
  const id = `${typeId(t.type)}|${JSON.stringify(q.where.map((p) => [p.field, p.op, Array.isArray(p.value) ? p.value.length : 0]))}|${JSON.stringify(q.orderBy)}|${q.withVersions ? 'v' : ''}`;
  let shape = shapes.get(id);
  if (!shape) {
    const slot: Slot = (name) => sql.placeholder(name);
    shape = renderStatement(statement(whereSql(t, q.where, [], slot), sql.placeholder('limit'), sql.placeholder('offset')));
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(id, shape);
  }
  return { text: shape.text, params: fillPlaceholders(shape.params, values), orderKeys: keys };
}

function cursorValues(cursor: string, keys: readonly OrderKey[]): CloudDbValue[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  const bad = invalidInput({ zh: '游标不属于这个查询：请从第一页重新查询', en: 'The cursor is not one this query gave: query from the first page again', ru: 'Курсор не от этого запроса: запросите с первой страницы' });
  if (!Array.isArray(values) || values.length !== keys.length) throw bad;
  return keys.map((k, i) => {
    const v = values[i];
    if (v === null) return null;
    try {
      return valueFor({ ...k.field, notNull: false, maxLength: undefined }, k.field.fieldType === 'Long' || k.field.fieldType === 'LongAutoIncrement' ? String(v) : v, null);
    } catch {
      throw bad;
    }
  });
}

/**
 * The key of the one document a query asks for (an equality on every key field, nothing
 * else, from the first row), or null for any other query. A value of the wrong type is
 * also null: the query then runs as written and its refusal says why.
 */
export function byKey(t: Target, q: ObjectQuery): CloudDbValue[] | null {
  const keys = t.type.fields.filter((f) => f.belongPrimaryKey);
  if (q.cursor || q.offset > 0 || q.where.length !== keys.length || !batchableKeys(t.type)) return null;
  const values: CloudDbValue[] = [];
  for (const f of keys) {
    const p = q.where.find((w) => w.op === 'equalTo' && cloudDbKey(w.field) === cloudDbKey(f.fieldName));
    if (!p || p.value === undefined || Array.isArray(p.value)) return null;
    const r = coerceValue({ ...f, notNull: true, maxLength: undefined }, p.value);
    if (!r.ok || r.value === null) return null;
    values.push(r.value);
  }
  return values;
}

/** count, sum, average, min or max over the documents the caller may read that match. */
export function aggregateSql(t: Target, where: readonly Predicate[], scope: readonly SQL[], aggregate: Aggregate, fieldName: string | undefined): SQL {
  const condition = whereSql(t, where, scope);
  if (aggregate === 'count' && !fieldName) return sql`select count(*)::int as v from ${t.table} where ${condition}`;
  if (!fieldName) {
    throw invalidInput({ zh: `${aggregate} 需要一个字段`, en: `${aggregate} needs a field`, ru: `${aggregate} нужно поле` });
  }
  const f = fieldNamed(t.type, t.fields, fieldName);
  if (f.isNeedEncrypt) throw cannot(f, { zh: '参与统计（已加密）', en: 'be aggregated (it is encrypted)', ru: 'агрегировать (оно шифруется)' });
  const c = col(f);
  switch (aggregate) {
    case 'count':
      return sql`select count(${c})::int as v from ${t.table} where ${condition}`;
    case 'sum':
    case 'average':
      if (!NUMERIC.has(f.fieldType)) throw cannot(f, { zh: '求和或求平均', en: 'be summed or averaged', ru: 'суммировать или усреднять' });
      if (aggregate === 'average') return sql`select avg(${c})::float8 as v from ${t.table} where ${condition}`;
      return f.fieldType === 'Float' || f.fieldType === 'Double'
        ? sql`select sum(${c})::float8 as v from ${t.table} where ${condition}`
        : sql`select sum(${c})::text as v from ${t.table} where ${condition}`;
    case 'min':
    case 'max': {
      if (!ORDERED.has(f.fieldType) || f.fieldType === 'Boolean') throw cannot(f, { zh: '求最小或最大值', en: 'give a minimum or maximum', ru: 'давать минимум или максимум' });
      // The extreme keeps its field's type, and leaves as that type's JSON (a Long as text, a Date in ISO form).
      const extreme = `${aggregate}(${ident(columnOf(f))})`;
      return sql`select ${sql.raw(outputExpr(f, extreme))} as v from ${t.table} where ${condition}`;
    }
  }
}
