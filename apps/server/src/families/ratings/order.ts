import { sql, type SQL } from 'drizzle-orm';
import type { ReviewSort } from '@wharf/contract';
import { AppError } from '../../platform/http/errors';
import { appReviews } from './tables';

export type ReviewOrder = ReviewSort;

/** Where a page ended: the sort's own key, then the time and id that break ties. */
export interface ReviewPosition {
  key: number;
  at: Date;
  id: string;
}

/**
 * Every order walks one row comparison `(key, updated_at, id)`, all three the same way, so
 * a page starts where the last ended at any depth (an offset would read every row before
 * it). Orders that go one way on stars and the other on time negate the stars.
 */
const KEYS: Record<ReviewOrder, { key: SQL | null; descending: boolean }> = {
  newest: { key: null, descending: true },
  oldest: { key: null, descending: false },
  helpful: { key: sql`${appReviews.helpful}`, descending: true },
  ratingHigh: { key: sql`${appReviews.rating}::int`, descending: true },
  ratingLow: { key: sql`(-${appReviews.rating})::int`, descending: true },
};

export function orderOf(order: ReviewOrder): { past: (p: ReviewPosition) => SQL; orderBy: SQL[]; keyOf: (row: { helpful: number; rating: number }) => number } {
  const { key, descending } = KEYS[order];
  const dir = descending ? sql`desc` : sql`asc`;
  return {
    past: (p) => {
      const at = sql`${p.at.toISOString()}::timestamptz`;
      const cmp = descending ? sql`<` : sql`>`;
      // Time alone is a plain two-column comparison, which the (app, time, id) index starts at.
      return key
        ? sql`(${key}, ${appReviews.updatedAt}, ${appReviews.id}) ${cmp} (${p.key}::int, ${at}, ${p.id}::uuid)`
        : sql`(${appReviews.updatedAt}, ${appReviews.id}) ${cmp} (${at}, ${p.id}::uuid)`;
    },
    orderBy: [...(key ? [sql`${key} ${dir}`] : []), sql`${appReviews.updatedAt} ${dir}`, sql`${appReviews.id} ${dir}`],
    keyOf: (row) => (order === 'helpful' ? row.helpful : order === 'ratingHigh' ? row.rating : order === 'ratingLow' ? -row.rating : 0),
  };
}

const badCursor = () => new AppError('invalidInput', { zh: '参数不合法：cursor', en: 'Invalid input: cursor', ru: 'Недопустимые параметры: cursor' });

/**
 * Opaque to clients: the phase (the store's reader's language, then the rest) and the
 * position in it; no position is the phase's start.
 */
export function encodeReviewCursor(phase: number, p: ReviewPosition | null): string {
  return Buffer.from(JSON.stringify(p ? [phase, p.key, p.at.toISOString(), p.id] : [phase])).toString('base64url');
}

export function decodeReviewCursor(raw: string): { phase: number; position: ReviewPosition | null } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parts) || !Number.isInteger(parts[0]) || parts[0] < 0 || parts[0] > 1) throw badCursor();
  const [phase, key, at, id] = parts as [number, unknown, unknown, unknown];
  if (parts.length === 1) return { phase, position: null };
  const date = new Date(String(at));
  if (parts.length !== 4 || !Number.isInteger(key) || typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime())) throw badCursor();
  return { phase, position: { key: key as number, at: date, id } };
}
