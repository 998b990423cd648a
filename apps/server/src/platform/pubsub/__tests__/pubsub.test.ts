import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../harness';
import { openPostgres } from '../../db/client';
import type { Database } from '../../db/types';
import { openPubSub, PayloadTooLargeError, type PubSub } from '..';
import { preparedStatement, type Slots } from '../../db/prepared';
import { sql } from 'drizzle-orm';

const log = pino({ level: 'silent' });
let tdb: TestDatabase;
let second: Database | null = null;
let a: PubSub;
let b: PubSub;
beforeAll(async () => {
  tdb = await openTestDatabase();
  // A second instance: its own connections to the same PostgreSQL; on the embedded database, the same process.
  second = tdb.database.kind === 'postgres' ? await openPostgres(tdb.database.url!, 2) : null;
  a = openPubSub(tdb.database, log);
  b = second ? openPubSub(second, log) : a;
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a.close();
  if (b !== a) await b.close();
  await second?.close();
  await tdb.destroy();
});

describe('pub/sub between instances', () => {
  it("delivers one instance's message to the other's subscribers, until they unsubscribe", async () => {
    const got: unknown[] = [];
    const witness: unknown[] = [];
    b.subscribe('cache.apps', (p) => witness.push(p));
    const stop = b.subscribe('cache.apps', (p) => got.push(p));
    await a.publish('cache.apps', { appId: 'app-1' });
    await expect.poll(() => got).toEqual([{ appId: 'app-1' }]);
    stop();
    await a.publish('cache.apps', { appId: 'app-2' });
    await expect.poll(() => witness).toEqual([{ appId: 'app-1' }, { appId: 'app-2' }]);
    expect(got).toEqual([{ appId: 'app-1' }]);
  });

  it('sends a message published in a transaction when it commits, and never when it rolls back', async () => {
    const got: unknown[] = [];
    b.subscribe('tx.probe', (p) => got.push(p));
    await expect(
      tdb.database.db.transaction(async (tx) => {
        await a.publishIn(tx, 'tx.probe', 'rolled back');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await tdb.database.db.transaction((tx) => a.publishIn(tx, 'tx.probe', 'committed'));
    await expect.poll(() => got).toContain('committed');
    if (tdb.database.kind === 'postgres') expect(got).toEqual(['committed']);
  });

  it("sends a prepared statement's notice from its slot's value at each call, and nothing for null", async () => {
    const got: unknown[] = [];
    b.subscribe('slot.probe', (p) => got.push(p));
    const statement = preparedStatement('pubsub_slot_probe', (db, slot: Slots<'n' | 'notice'>) => {
      const notice = a.notifyingFrom(slot.notice);
      return db.select({ n: sql<number>`${slot.n}::int` }).from(sql`(select 1) as one`).where(notice ? sql`${notice}::text = ''` : undefined);
    });
    for (const [n, notice] of [[1, a.noticeText('slot.probe', 'first')], [2, null], [3, a.noticeText('slot.probe', 'third')]] as const) {
      expect(await statement(tdb.database.db, { n, notice })).toEqual([{ n }]);
    }
    await expect.poll(() => got).toEqual(['first', 'third']);
    // In process, the notice is delivered when its text is made (null), after the statement.
    expect(a.notifyingFrom(sql.placeholder('x')) === null).toBe(tdb.database.kind !== 'postgres');
  });

  it('refuses a message too large for NOTIFY with a clear error', async () => {
    await expect(a.publish('big', 'x'.repeat(9000))).rejects.toThrow(PayloadTooLargeError);
  });
});
