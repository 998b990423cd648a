import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../harness/test-app';

/**
 * A connection lost while a request holds it (PostgreSQL restarted, the backend terminated,
 * the database dropped) fails that request and nothing else: before, node-postgres' `error`
 * on the checked-out client had no listener and took the whole process down.
 */
describe('a connection lost in the middle of a transaction', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await openTestDatabase();
  });
  afterAll(() => store.destroy());

  it('fails that transaction, and the next one gets a fresh connection', async (ctx) => {
    // The embedded database's connections are to a thread of this process: nothing terminates them.
    if (store.database.kind !== 'postgres') return ctx.skip();
    const lost = store.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
    });
    await expect(lost).rejects.toThrow();
    // Let the socket's end (the event that used to crash the process) arrive.
    await new Promise((r) => setTimeout(r, 100));
    const rows = (await store.database.executeSql('select 2 as n', [])).rows;
    expect(rows).toEqual([{ n: 2 }]);
  });
});
