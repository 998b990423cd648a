import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../harness';
import { openPostgres } from '../db/client';

describe('start-up work on one database', () => {
  it('is done by one instance at a time (PostgreSQL: an advisory lock; the embedded database is one process)', async () => {
    const test = await openTestDatabase();
    const others = test.url ? [await openPostgres(test.url, 2), await openPostgres(test.url, 2)] : [test.database];
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 50));
      log.push(`${name} out`);
      return name;
    };
    const done = await Promise.all([test.database.exclusively(work('a')), ...others.map((db, i) => db.exclusively(work(`b${i}`)))]);
    expect(done).toEqual(['a', ...others.map((_, i) => `b${i}`)]);
    for (let i = 0; i < log.length; i += 2) expect([log[i]!.split(' ')[1], log[i + 1]!.split(' ')[1], log[i]!.split(' ')[0]]).toEqual(['in', 'out', log[i + 1]!.split(' ')[0]]);
    if (test.url) for (const db of others) await db.close();
    await test.destroy();
  });
});
