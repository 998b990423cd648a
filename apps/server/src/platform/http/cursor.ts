import { AppError } from './errors';

/** A keyset position: the sort time and the id that breaks ties. */
export interface Position {
  at: Date;
  id: string;
}

/** Opaque to clients; never an offset, so deep pages cost what the first one does. */
export function encodeCursor(p: Position): string {
  return Buffer.from(`${p.at.toISOString()}|${p.id}`).toString('base64url');
}

export function decodeCursor(raw: string): Position {
  const [at, id] = Buffer.from(raw, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || id.length > 64 || Number.isNaN(date.getTime())) {
    throw new AppError('invalidInput', { zh: '参数不合法：cursor', en: 'Invalid input: cursor', ru: 'Недопустимые параметры: cursor' });
  }
  return { at: date, id };
}

/** Slices a page fetched with limit + 1 and builds the cursor of the next one. */
export function pageOf<T>(rows: T[], pageSize: number, position: (row: T) => Position): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > pageSize && last !== undefined ? encodeCursor(position(last)) : null };
}
