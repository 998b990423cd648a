import { valueFromText } from '@wharf/rules';
import type { ObjectType } from '@wharf/contract';

type Field = ObjectType['fields'][number];

/** What a person typed, as the JSON the server reads for the field (the server checks the rest and names what it refuses). */
export function valueOfText(field: Pick<Field, 'fieldType'>, text: string | boolean | null | undefined): unknown {
  return typeof text === 'boolean' ? text : valueFromText(field, text);
}

/** A stored value as text for a form field or a cell. */
export function textOfValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
