import { sql, type Placeholder } from 'drizzle-orm';
import { isTransaction, type Db, type DbOrTx } from './types';

/** A drizzle query that can be prepared (select, insert, update, delete with placeholders). */
export interface Preparable<R> {
  prepare(name: string): Prepared<R>;
}
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** The statement's values as placeholders: `slot.appId` stands for the `appId` given at each call. */
export type Slots<K extends string> = { readonly [key in K]: Placeholder<key> };

const slots = new Proxy({}, { get: (_, key) => sql.placeholder(String(key)) }) as Slots<string>;

/** Databases whose connections each keep their own named statements: PostgreSQL's. */
const named = new WeakSet<object>();

/** Marks a database whose named statements are per connection (openPostgres). */
export function keepsNamedStatements(db: Db): void {
  named.add(db);
}

/**
 * A hot statement built once per database instead of on every call: drizzle's building
 * (walking the table's columns, escaping names) was a sixth of a console request's CPU,
 * and on PostgreSQL the statement is also prepared by name, so each connection plans it
 * once (docs/performance.md). The embedded database's connections share one session,
 * where a second connection preparing the same name would be refused: there it runs
 * unnamed, built once all the same. Inside a transaction it is built for the
 * transaction's connection each time, as any other statement.
 *
 * `build` takes its values from `slot` (typed: `slot: Slots<'appId' | 'id'>`); `name` is
 * unique per statement.
 */
export function preparedStatement<K extends string, R>(name: string, build: (db: DbOrTx, slot: Slots<K>) => Preparable<R>): (db: DbOrTx, values: Record<K, unknown>) => Promise<R> {
  const built = new WeakMap<object, Prepared<R>>();
  return (db, values) => {
    let statement = built.get(db);
    if (!statement) {
      if (isTransaction(db)) return build(db, slots).prepare('').execute(values);
      statement = build(db, slots).prepare(named.has(db) ? name : '');
      built.set(db, statement);
    }
    return statement.execute(values);
  };
}
