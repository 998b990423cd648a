import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How often a statement's text is seen before it is kept prepared, and how many are. */
export interface RepeatsPrepared {
  after: number;
  most: number;
}

const DEFAULTS: RepeatsPrepared = { after: 3, most: 500 };

/** What node-postgres's `client.query` takes first: a text, or a config (a Query object has `submit`). */
type QueryArg = string | { text?: string; name?: string; values?: unknown[]; submit?: unknown };

/**
 * Statements with parameters that come back are kept prepared by name on each connection,
 * so PostgreSQL plans them once per connection instead of at every call: what JDBC's
 * `prepareThreshold` does. The statements drizzle builds per call (their shape depends on
 * the call: a listing edit's fields, the event bus's look for work, an app client's read)
 * and pg-boss's were each planned anew: planning was a fifth of PostgreSQL's time in the
 * console's mixed load (docs/performance.md). A statement without parameters is left alone: it
 * may hold several statements, which only the simple protocol runs. Texts seen once are
 * counted in a bounded map (cleared when full); at most `most` texts are named, the rest
 * run unnamed as before.
 */
export function preparingRepeats(pool: pg.Pool, options: Partial<RepeatsPrepared> = {}): void {
  const { after, most } = { ...DEFAULTS, ...options };
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named || names.size >= most) return named;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < after) {
      if (seen.size >= most * 4) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const name = `auto_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (arg: QueryArg, ...rest: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (arg, ...rest) => {
      const values = Array.isArray(rest[0]) ? rest[0] : typeof arg === 'object' ? arg.values : undefined;
      if (!values?.length) return query(arg, ...rest);
      if (typeof arg === 'string') {
        const name = nameOf(arg);
        return name ? query({ text: arg, name }, ...rest) : query(arg, ...rest);
      }
      if (arg.name || arg.submit || typeof arg.text !== 'string') return query(arg, ...rest);
      const name = nameOf(arg.text);
      return name ? query({ ...arg, name }, ...rest) : query(arg, ...rest);
    };
  });
}
