import { CLOUD_DB_LIMITS, INTEGER_RANGES, LONG_RANGE, lengthOf, type CloudDbField, type CloudDbFieldType } from './model';

/**
 * A value as stored: strings (String, Text; Long as decimal text, so 64 bits survive JSON),
 * numbers, booleans, Date as an ISO instant, ByteArray as base64.
 */
export type CloudDbValue = string | number | boolean | null;

export type ValueProblem = 'type' | 'range' | 'tooLong' | 'null';

export type Coerced = { ok: true; value: CloudDbValue } | { ok: false; problem: ValueProblem };

const ok = (value: CloudDbValue): Coerced => ({ ok: true, value });
const bad = (problem: ValueProblem): Coerced => ({ ok: false, problem });

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DECIMAL = /^-?\d{1,19}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const FLOAT_MAX = 3.4028234663852886e38;

function integer(type: keyof typeof INTEGER_RANGES, raw: unknown): Coerced {
  if (typeof raw !== 'number' || !Number.isInteger(raw)) return bad('type');
  const [min, max] = INTEGER_RANGES[type];
  return raw < min || raw > max ? bad('range') : ok(raw);
}

function long(raw: unknown): Coerced {
  let n: bigint;
  if (typeof raw === 'number') {
    if (!Number.isSafeInteger(raw)) return Number.isInteger(raw) ? bad('range') : bad('type');
    n = BigInt(raw);
  } else if (typeof raw === 'string' && DECIMAL.test(raw)) {
    n = BigInt(raw);
  } else {
    return bad('type');
  }
  return n < LONG_RANGE[0] || n > LONG_RANGE[1] ? bad('range') : ok(n.toString());
}

function date(raw: unknown): Coerced {
  let ms: number;
  if (typeof raw === 'number' && Number.isFinite(raw)) ms = raw;
  else if (typeof raw === 'string' && ISO_INSTANT.test(raw)) ms = Date.parse(raw);
  else return bad('type');
  // PostgreSQL's timestamptz runs from 4713 BC; JavaScript's Date to ±275,760 years: keep within both.
  if (!Number.isFinite(ms) || ms < -62135596800000 || ms > 253402300799999) return bad('range');
  return ok(new Date(ms).toISOString());
}

/** One field's value from JSON: the type it must be, its range and length; null only where allowed. */
export function coerceValue(field: Pick<CloudDbField, 'fieldType' | 'maxLength' | 'notNull'>, raw: unknown): Coerced {
  if (raw === null || raw === undefined) return field.notNull ? bad('null') : ok(null);
  const t: CloudDbFieldType = field.fieldType;
  switch (t) {
    case 'String':
    case 'Text':
      if (typeof raw !== 'string') return bad('type');
      return [...raw].length > lengthOf(field) ? bad('tooLong') : ok(raw);
    case 'Boolean':
      return typeof raw === 'boolean' ? ok(raw) : bad('type');
    case 'Byte':
    case 'Short':
    case 'Integer':
    case 'IntAutoIncrement':
      return integer(t, raw);
    case 'Long':
    case 'LongAutoIncrement':
      return long(raw);
    case 'Float':
    case 'Double':
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return bad('type');
      return t === 'Float' && Math.abs(raw) > FLOAT_MAX ? bad('range') : ok(raw);
    case 'Date':
      return date(raw);
    case 'ByteArray':
      if (typeof raw !== 'string' || !BASE64.test(raw)) return bad('type');
      return (raw.length / 4) * 3 > CLOUD_DB_LIMITS.byteArrayMaxBytes + 2 ? bad('tooLong') : ok(raw);
  }
}

/** A default value as written in the schema (text), read by its field's type. */
export function parseDefault(field: Pick<CloudDbField, 'fieldType' | 'maxLength'>, text: string): Coerced {
  const t = field.fieldType;
  let raw: unknown = text;
  if (t === 'Boolean') raw = text === 'true' ? true : text === 'false' ? false : text;
  else if (t === 'Byte' || t === 'Short' || t === 'Integer' || t === 'Float' || t === 'Double') raw = text.trim() === '' ? text : Number(text);
  return coerceValue({ ...field, notNull: true }, raw);
}

const TEXT_NUMBERS = new Set<CloudDbFieldType>(['Byte', 'Short', 'Integer', 'Float', 'Double', 'IntAutoIncrement']);

/**
 * A value typed as text (a form field, a CSV cell) as the JSON its field takes: numbers as
 * numbers (a Long stays text, so 64 bits survive), `true`/`false` for Boolean, empty as
 * null. What does not read as the type stays text, for the type check to name.
 */
export function valueFromText(field: Pick<CloudDbField, 'fieldType'>, text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  if (field.fieldType === 'Boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (TEXT_NUMBERS.has(field.fieldType)) {
    const n = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  if (field.fieldType === 'Long' || field.fieldType === 'LongAutoIncrement') return text.trim();
  return text;
}
