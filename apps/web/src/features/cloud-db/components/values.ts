import type { ObjectType } from '@wharf/contract';

type Field = ObjectType['fields'][number];

const NUMBER_TYPES = new Set(['Byte', 'Short', 'Integer', 'Float', 'Double', 'IntAutoIncrement']);

/**
 * What a person typed, as the JSON the server reads for the field: numbers as numbers
 * (a Long stays text, so 64 bits survive), true/false for Boolean, empty as null. The
 * server checks the rest and names what it refuses.
 */
export function valueOfText(field: Pick<Field, 'fieldType'>, text: string | boolean | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return null;
  if (typeof text === 'boolean') return text;
  if (field.fieldType === 'Boolean') return text === 'true' ? true : text === 'false' ? false : text;
  if (NUMBER_TYPES.has(field.fieldType)) {
    const n = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  if (field.fieldType === 'Long' || field.fieldType === 'LongAutoIncrement') return text.trim();
  return text;
}

/** A stored value as text for a form field or a cell. */
export function textOfValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
