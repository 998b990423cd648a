// Cookies, query strings and JSON from older servers carry numbers as text, so every rule
// that takes a number also takes its decimal spelling. Anything else (hex, '', '1e3x',
// Infinity) is refused rather than guessed at.

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number from a number or a decimal string (surrounding spaces allowed), else null. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** Like toFiniteNumber, but only whole numbers. */
export function toInteger(value: unknown): number | null {
  const n = toFiniteNumber(value);
  return n !== null && Number.isInteger(n) ? n : null;
}
