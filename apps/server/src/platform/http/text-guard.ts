/**
 * Characters no text field may hold: C0 controls other than tab, newline and carriage
 * return (NUL above all: PostgreSQL refuses it in text, which surfaced as a 500), and
 * UTF-16 surrogates without their pair (they cannot be stored as UTF-8 and would be
 * silently replaced). Checked once for every call's body, query and path, before its
 * schema, so no family can forget it.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface ForbiddenText {
  /** Where in the input: keys and indexes, as zod reports paths. */
  path: Array<string | number>;
  /** The first offending character as U+XXXX. */
  character: string;
}

const codePoint = (text: string) => {
  const match = FORBIDDEN.exec(text);
  return `U+${match![0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
};

/** The first string (or object key) holding a forbidden character, or null. Iterative: inputs may nest thousands deep. */
export function findForbiddenText(input: unknown): ForbiddenText | null {
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value: input, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN.test(value)) return { path, character: codePoint(value) };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (FORBIDDEN.test(key)) return { path: [...path, key], character: codePoint(key) };
        stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return null;
}
