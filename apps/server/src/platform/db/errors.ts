/** Whether a database error is a unique-index violation (PostgreSQL 23505, on either driver). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return String(e?.cause?.code ?? e?.code) === '23505';
}
