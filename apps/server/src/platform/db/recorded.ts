import type { ColumnsSelection, WithSubquery } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { DbOrTx } from './types';

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
  const changed = db.$with('changed').as(write);
  const records = record('changed');
  return (await db
    .with(changed, ...(Array.isArray(records) ? records : [records]))
    .select()
    .from(changed as never)) as TResult;
}
