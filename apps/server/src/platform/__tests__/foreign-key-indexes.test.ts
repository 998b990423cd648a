import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Deleting a row runs its foreign keys' actions on every referencing table, looking the
 * rows up by the referencing column: without an index leading with it, each delete of an
 * app, a project or an event scans the whole table. References to people are left out:
 * an account's deletion is rare and only clears those columns. pg-boss's own tables are its own.
 */
it('indexes the column of every foreign key, but those naming a person', async () => {
  const { rows } = (await t.deps.database.executeSql(`
    select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as "references"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid <> 'users'::regclass and c.connamespace = 'public'::regnamespace
      and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
    order by 1, 2`)) as { rows: Array<{ table: string; column: string; references: string }> };
  expect(rows).toEqual([]);
});
