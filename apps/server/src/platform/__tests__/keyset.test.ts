import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { openTestDatabase, type TestDatabase } from '../../harness';
import { keysetOrder, pastCursor, type KeysetOrder } from '../db/keyset';
import { decodeCursor, pageOf, type Position } from '../http/cursor';

// Keyset pages walk every row once, in order, through ties on the time, both ways: the
// helper every list's repo uses.
const rows = pgTable('keyset_probe', { id: uuid('id').primaryKey(), owner: text('owner').notNull(), at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull() });

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
  await t.database.executeSql('create table keyset_probe (id uuid primary key, owner text not null, at timestamptz not null)');
  // 25 rows on 5 instants (ties broken by id), and another owner's rows between them.
  const values = Array.from({ length: 25 }, (_, i) => `(gen_random_uuid(), 'a', timestamptz '2026-01-01T00:00:00Z' + interval '1 minute' * ${i % 5})`);
  await t.database.executeSql(`insert into keyset_probe (id, owner, at) values ${values.join(', ')}, (gen_random_uuid(), 'b', '2026-01-01T00:02:00Z')`);
});
afterAll(() => t.destroy());

async function walk(order: KeysetOrder): Promise<Array<{ id: string; at: Date }>> {
  const seen: Array<{ id: string; at: Date }> = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 20; pages++) {
    const before: Position | undefined = cursor ? decodeCursor(cursor) : undefined;
    const fetched: Array<typeof rows.$inferSelect> = await t.database.db.select().from(rows).where(and(eq(rows.owner, 'a'), pastCursor(rows.at, rows.id, before, order))).orderBy(...keysetOrder(rows.at, rows.id, order)).limit(4 + 1);
    const { page, nextCursor } = pageOf(fetched, 4, (r) => ({ at: r.at, id: r.id }));
    seen.push(...page);
    if (!nextCursor) return seen;
    cursor = nextCursor;
  }
  throw new Error('did not end');
}

it('walks every row once, newest first, through ties on the time', async () => {
  const seen = await walk('newestFirst');
  expect(seen).toHaveLength(25);
  expect(new Set(seen.map((r) => r.id)).size).toBe(25);
  const key = (r: { id: string; at: Date }) => `${r.at.toISOString()}|${r.id}`;
  expect(seen.map(key)).toEqual([...seen.map(key)].sort().reverse());
});

it('walks them oldest first too, and without a cursor starts at the first', async () => {
  const seen = await walk('oldestFirst');
  expect(seen).toHaveLength(25);
  const key = (r: { id: string; at: Date }) => `${r.at.toISOString()}|${r.id}`;
  expect(seen.map(key)).toEqual([...seen.map(key)].sort());
  expect(pastCursor(rows.at, rows.id, undefined)).toBeUndefined();
});
