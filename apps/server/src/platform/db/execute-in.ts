import type { Tx } from './types';

type Execute = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * Raw SQL with positional parameters (as pg-boss writes it) on the connection that holds
 * `tx`, so it commits or rolls back with the transaction's other writes. drizzle's `sql`
 * template cannot carry such text: it numbers every slot anew, while pg-boss uses one
 * parameter several times and lets PostgreSQL infer its type once. The driver's client
 * behind the transaction (node-postgres' pool client, or PGlite's transaction) takes the
 * text as written. That field is drizzle's own, not its public API: if it moves,
 * `platform/__tests__/jobs-mail.test.ts` fails.
 */
export function executeIn(tx: Tx): Execute {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('executeIn: the transaction shows no driver client to run raw SQL on');
  const query = client.query as Execute;
  return (text, values) => query.call(client, text, values);
}
