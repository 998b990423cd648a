/** Whether a database error is a unique-index violation (PostgreSQL 23505, on either driver). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return String(e?.cause?.code ?? e?.code) === '23505';
}

/** Whether PostgreSQL chose this statement's transaction as a deadlock's victim (40P01). */
export function isDeadlock(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return String(e?.cause?.code ?? e?.code) === '40P01';
}
