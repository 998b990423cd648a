import {
  CLOUD_DB_LIMITS, cloudDbKey, coerceValue, isAutoIncrement, parseDefault,
  type CloudDbField, type CloudDbObjectType, type CloudDbValue,
} from '@wharf/rules';
import { invalidInput, type LocalisedText } from '../../platform/http/errors';
import { inDocument, valueWords } from './words';

/** Seals and opens encrypted fields' values, bound to the field they belong to. */
export interface FieldSeal {
  seal(field: CloudDbField, text: string): string;
  open(field: CloudDbField, stored: string): string;
}

const refuse = (index: number | null, text: LocalisedText) => invalidInput(index === null ? text : inDocument(index, text));

export const fieldsByKey = (type: CloudDbObjectType): Map<string, CloudDbField> => new Map(type.fields.map((f) => [cloudDbKey(f.fieldName), f]));

export function fieldNamed(type: CloudDbObjectType, fields: Map<string, CloudDbField>, name: string, index: number | null = null): CloudDbField {
  const f = fields.get(cloudDbKey(name));
  if (!f) {
    const t = type.objectTypeName;
    throw refuse(index, { zh: `对象类型“${t}”没有字段“${name}”`, en: `Object type “${t}” has no field “${name}”`, ru: `У типа объектов «${t}» нет поля «${name}»` });
  }
  return f;
}

/** One value read by its field's type, or a refusal naming the field (and the document). */
export function valueFor(field: CloudDbField, raw: unknown, index: number | null): CloudDbValue {
  const r = coerceValue(field, raw);
  if (!r.ok) throw refuse(index, valueWords(r.problem, field.fieldName, field.fieldType));
  return r.value;
}

/**
 * A whole document as its columns' values, in field order: every field named is the type's
 * and of its type, the key complete, absent fields take their default (an auto-increment
 * key left out takes the next number: `undefined`), encrypted ones are sealed.
 */
export function documentValues(type: CloudDbObjectType, fields: Map<string, CloudDbField>, raw: Record<string, unknown>, index: number, seal: FieldSeal): (CloudDbValue | undefined)[] {
  if (Buffer.byteLength(JSON.stringify(raw)) > CLOUD_DB_LIMITS.documentBytes) {
    const kb = CLOUD_DB_LIMITS.documentBytes / 1000;
    throw refuse(index, { zh: `数据超过 ${kb} KB`, en: `The document is larger than ${kb} KB`, ru: `Документ больше ${kb} КБ` });
  }
  const given = new Map<string, unknown>();
  for (const [name, value] of Object.entries(raw)) {
    const f = fieldNamed(type, fields, name, index);
    const key = cloudDbKey(f.fieldName);
    if (given.has(key)) throw refuse(index, { zh: `字段“${name}”出现了两次`, en: `Field “${name}” is given twice`, ru: `Поле «${name}» указано дважды` });
    given.set(key, value);
  }
  return type.fields.map((f) => {
    const raw = given.get(cloudDbKey(f.fieldName));
    if (raw === undefined) {
      if (isAutoIncrement(f.fieldType)) return undefined;
      if (f.belongPrimaryKey) {
        throw refuse(index, { zh: `缺少主键字段“${f.fieldName}”`, en: `Primary key field “${f.fieldName}” is missing`, ru: `Нет поля первичного ключа «${f.fieldName}»` });
      }
      if (f.defaultValue !== undefined) {
        const d = parseDefault(f, f.defaultValue);
        return d.ok ? d.value : null;
      }
    }
    const value = valueFor(f, raw ?? null, index);
    return f.isNeedEncrypt && value !== null ? seal.seal(f, JSON.stringify(value)) : value;
  });
}

/** A row as the document JSON devices get: field names as defined, encrypted values opened. */
export function documentOf(type: CloudDbObjectType, row: Record<string, unknown>, seal: FieldSeal): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of type.fields) {
    let v = row[cloudDbKey(f.fieldName)] ?? null;
    if (v !== null && f.isNeedEncrypt) v = JSON.parse(seal.open(f, v as string));
    else if (v !== null && (f.fieldType === 'Long' || f.fieldType === 'LongAutoIncrement')) {
      const n = Number(v);
      if (Number.isSafeInteger(n)) v = n;
    }
    out[f.fieldName] = v;
  }
  return out;
}
