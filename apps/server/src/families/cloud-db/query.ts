import { sql, type SQL } from 'drizzle-orm';
import type { Aggregate, ObjectQuery, Predicate } from '@wharf/contract';
import { cloudDbKey, coerceValue, type CloudDbField, type CloudDbValue } from '@wharf/rules';
import { invalidInput } from '../../platform/http/errors';
import { afterSql, col, likePattern, orderSql, outputExpr, param, selectList, sys, type OrderKey } from './document-sql';
import { fieldNamed, valueFor } from './documents';
import { batchableKeys } from './batching';
import { columnOf, ident, SYSTEM_COLUMNS } from './physical';
import type { Target } from './document-service';

const TEXTUAL = new Set(['String', 'Text']);
const NUMERIC = new Set(['Byte', 'Short', 'Integer', 'Long', 'Float', 'Double', 'IntAutoIncrement', 'LongAutoIncrement']);
const ORDERED = new Set([...NUMERIC, 'String', 'Text', 'Date', 'Boolean']);

const cannot = (f: CloudDbField, what: { zh: string; en: string; ru: string }) =>
  invalidInput({ zh: `字段“${f.fieldName}”（${f.fieldType}）不能${what.zh}`, en: `Field “${f.fieldName}” (${f.fieldType}) cannot ${what.en}`, ru: `Поле «${f.fieldName}» (${f.fieldType}) нельзя ${what.ru}` });
const COMPARE = { zh: '用于比较', en: 'be compared so', ru: 'так сравнивать' };

/** One predicate as SQL: the field must exist and suit the operation; values are read by the field's type. */
function predicateSql(t: Target, p: Predicate): SQL {
  const f = fieldNamed(t.type, t.fields, p.field);
  const c = col(f);
  if (p.op === 'isNull') return sql`${c} is null`;
  if (p.op === 'isNotNull') return sql`${c} is not null`;
  if (f.isNeedEncrypt) throw cannot(f, { zh: '用于查询（已加密）', en: 'be queried (it is encrypted)', ru: 'использовать в запросе (оно шифруется)' });
  const one = (raw: unknown): CloudDbValue => {
    if (Array.isArray(raw) || raw === undefined) {
      throw invalidInput({ zh: `条件 ${p.op} 需要一个值（字段“${f.fieldName}”）`, en: `${p.op} takes one value (field “${f.fieldName}”)`, ru: `${p.op} принимает одно значение (поле «${f.fieldName}»)` });
    }
    return valueFor({ ...f, notNull: true, maxLength: undefined, fieldType: f.fieldType === 'IntAutoIncrement' ? 'Integer' : f.fieldType }, raw, null);
  };
  switch (p.op) {
    case 'in': {
      if (!Array.isArray(p.value) || p.value.length === 0) {
        throw invalidInput({ zh: `条件 in 需要一组值（字段“${f.fieldName}”）`, en: `in takes a list of values (field “${f.fieldName}”)`, ru: `in принимает список значений (поле «${f.fieldName}»)` });
      }
      return sql`${c} in (${sql.join(p.value.map((v) => param(f, one(v))), sql`, `)})`;
    }
    case 'beginsWith':
    case 'contains': {
      if (!TEXTUAL.has(f.fieldType)) throw cannot(f, { zh: '按文本匹配', en: 'be matched as text', ru: 'сопоставлять как текст' });
      return sql`${c} like ${likePattern(String(one(p.value)), p.op === 'contains')}::text`;
    }
    default: {
      if (f.fieldType === 'ByteArray' && p.op !== 'equalTo' && p.op !== 'notEqualTo') throw cannot(f, COMPARE);
      const op = { equalTo: '=', notEqualTo: '<>', greaterThan: '>', greaterThanOrEqualTo: '>=', lessThan: '<', lessThanOrEqualTo: '<=' }[p.op];
      return sql`${c} ${sql.raw(op)} ${param(f, one(p.value))}`;
    }
  }
}

/** The zone, what the caller may read (`scope`: their own documents, the read rule) and every predicate. */
export function whereSql(t: Target, where: readonly Predicate[], scope: readonly SQL[] = []): SQL {
  // Every value typed where it is used: such a statement can be batched (batching.ts).
  const parts = [sql`${sys('zone')} = ${t.partition}::text`, ...scope];
  parts.push(...where.map((p) => predicateSql(t, p)));
  return sql.join(parts, sql` and `);
}

/**
 * A page of documents: the asked order then the primary key (so every row has one place),
 * one row more than the page to know whether another follows, after the cursor's row.
 * `scope` keeps out what the caller may not read.
 */
export function querySql(t: Target, q: ObjectQuery, scope: readonly SQL[]) {
  const keys: (OrderKey & { i: number })[] = [];
  for (const o of q.orderBy) {
    const f = fieldNamed(t.type, t.fields, o.field);
    if (!ORDERED.has(f.fieldType) || f.isNeedEncrypt) throw cannot(f, { zh: '用于排序', en: 'order results', ru: 'использовать для сортировки' });
    if (keys.some((k) => k.field === f)) continue;
    keys.push({ field: f, desc: o.direction === 'desc', i: keys.length });
  }
  for (const f of t.type.fields.filter((x) => x.belongPrimaryKey)) if (!keys.some((k) => k.field === f)) keys.push({ field: f, desc: false, i: keys.length });
  const conditions = [whereSql(t, q.where, scope)];
  if (q.cursor) conditions.push(afterSql(keys, cursorValues(q.cursor, keys)));
  const keyColumns = [...keys.map((k) => `${outputExpr(k.field)} as "_k${k.i}"`), `${ident(SYSTEM_COLUMNS.version)} as "_v"`].join(', ');
  const text = sql`select ${sql.raw(selectList(t.type))}, ${sql.raw(keyColumns)} from ${t.table} where ${sql.join(conditions, sql` and `)} order by ${orderSql(keys)} limit ${q.limit + 1}::int offset ${q.offset}::int`;
  return { text, orderKeys: keys };
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
