import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../harness';
import { openPostgres } from '../../db/client';
import type { Database } from '../../db/types';
import { openPubSub, PayloadTooLargeError, type PubSub } from '..';

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

  it('refuses a message too large for NOTIFY with a clear error', async () => {
    await expect(a.publish('big', 'x'.repeat(9000))).rejects.toThrow(PayloadTooLargeError);
  });
});
