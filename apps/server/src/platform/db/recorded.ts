import { and, sql, type ColumnsSelection, type SQL, type WithSubquery } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { DbOrTx } from './types';
import type { Preparable } from './prepared';

/**
 * A write (an insert, update or delete with `returning`) and its records in one statement:
 * the write becomes the CTE named `changed`, which `record`'s CTEs (an audit event, a
 * history) read, so they are written exactly when the write touched a row, with no
 * transaction around them (docs/performance.md). Answers the rows the write returned.
 */
export async function recorded<TSelection extends ColumnsSelection, TResult>(
  db: DbOrTx,
  write: TypedQueryBuilder<TSelection, TResult>,
  record: (changed: string) => WithSubquery | WithSubquery[],
): Promise<TResult> {
  return recordedQuery(db, write, record);
}

/**
 * `recorded`'s statement, not yet run: to prepare it once (platform/db/prepared.ts).
 * `notices` (pub/sub's `notifyingFrom`) are sent once per row the write returned, when the
 * statement commits: as the answer's condition, since a CTE that only selects is run only
 * as far as the answer reads it.
 */
export function recordedQuery<TSelection extends ColumnsSelection, TResult>(
  db: DbOrTx,
  write: TypedQueryBuilder<TSelection, TResult>,
  record: (changed: string) => WithSubquery | WithSubquery[],
  notices: ReadonlyArray<SQL | null> = [],
): Preparable<TResult> & PromiseLike<TResult> {
  const changed = db.$with('changed').as(write);
  const records = record('changed');
  const sent = notices.filter((n): n is SQL => n !== null);
  const query = db
    .with(changed, ...(Array.isArray(records) ? records : [records]))
    .select()
    .from(changed as never);
  return (sent.length ? query.where(and(...sent.map((n) => sql`${n}::text = ''`))) : query) as unknown as Preparable<TResult> & PromiseLike<TResult>;
}
