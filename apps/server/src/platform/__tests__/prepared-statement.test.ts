import { eq } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../harness';
import type { TestDatabase } from '../../harness/test-app';
import { openPostgres } from '../db/client';
import { preparedStatement, type Slots } from '../db/prepared';

const counters = pgTable('prepared_counters', { id: text('id').primaryKey(), n: integer('n').notNull() });

let test: TestDatabase;
let builds = 0;
const byId = preparedStatement('prepared_counters_by_id', (db, slot: Slots<'id'>) => {
  builds += 1;
  return db.select().from(counters).where(eq(counters.id, slot.id));
});

beforeAll(async () => {
  test = await openTestDatabase();
  await test.database.executeSql('create table prepared_counters (id text primary key, n integer not null)');
  await test.database.db.insert(counters).values([
    { id: 'a', n: 1 },
    { id: 'b', n: 2 },
  ]);
});
afterAll(() => test.destroy());

describe('a prepared statement', () => {
  it('is built once per database, whatever the values and however many calls run at once', async () => {
    const before = builds;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => byId(test.database.db, { id: i % 2 ? 'a' : 'b' })));
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 2 ? 1 : 2)));
    expect(await byId(test.database.db, { id: 'none' })).toEqual([]);
    expect(builds - before).toBe(1);
  });

  it("inside a transaction reads the transaction's own rows, and is built for it alone", async () => {
    await byId(test.database.db, { id: 'a' });
    const before = builds;
    const seen = await test.database.db
      .transaction(async (tx) => {
        await tx.insert(counters).values({ id: 'c', n: 3 });
        const rows = await byId(tx, { id: 'c' });
        tx.rollback();
        return rows;
      })
      .catch(() => 'rolled back');
    expect(seen).toBe('rolled back');
    expect(builds - before).toBe(1);
    expect(await byId(test.database.db, { id: 'c' })).toEqual([]);
    const kept = await test.database.db.transaction(async (tx) => {
      await tx.insert(counters).values({ id: 'd', n: 4 });
      return byId(tx, { id: 'd' });
    });
    expect(kept).toEqual([{ id: 'd', n: 4 }]);
  });

  it('is kept prepared by name on a PostgreSQL connection, so PostgreSQL plans it once', async () => {
    if (!test.url) return; // the embedded database runs it unnamed (its connections share one session)
    const one = await openPostgres(test.url, 1);
    try {
      const named = preparedStatement('prepared_counters_named', (db, slot: Slots<'id'>) => db.select().from(counters).where(eq(counters.id, slot.id)));
      expect(await named(one.db, { id: 'b' })).toEqual([{ id: 'b', n: 2 }]);
      expect(await named(one.db, { id: 'a' })).toEqual([{ id: 'a', n: 1 }]);
      const { rows } = await one.executeSql('select name from pg_prepared_statements');
      expect(rows).toContainEqual({ name: 'prepared_counters_named' });
    } finally {
      await one.close();
    }
  });

  it('on PostgreSQL, a statement with parameters seen three times is kept prepared, answering as before', async () => {
    if (!test.url) return; // the embedded database runs every statement unnamed
    const one = await openPostgres(test.url, 1);
    try {
      const prepared = async () => ((await one.executeSql('select name, statement from pg_prepared_statements')).rows as Array<{ name: string; statement: string }>).filter((r) => r.name.startsWith('auto_'));
      // Built anew at each call, as drizzle builds a statement whose shape depends on the call.
      const read = (id: string) => one.db.select({ n: counters.n }).from(counters).where(eq(counters.id, id));
      expect(await read('a')).toEqual([{ n: 1 }]);
      expect(await read('b')).toEqual([{ n: 2 }]);
      expect(await prepared()).toEqual([]);
      expect(await read('a')).toEqual([{ n: 1 }]);
      expect(await read('none')).toEqual([]);
      const kept = await prepared();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.statement).toContain('"prepared_counters"');
      // Several statements in one text, without parameters, still run (the simple protocol, never named).
      for (let i = 0; i < 4; i += 1) await one.executeSql('select 1; select 2');
      expect(await prepared()).toHaveLength(1);
      // A statement whose text was never seen before runs unnamed, and its error is its own.
      await expect(one.executeSql('select n from prepared_counters where id = $1 and nope', ['a'])).rejects.toThrow(/nope/);
    } finally {
      await one.close();
    }
  });
});
