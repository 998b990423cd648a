/**
 * A finite number from a number or a decimal string (cookies and storage hold text);
 * anything else is null. (@wharf/rules keeps its own helper private.)
 */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
}
