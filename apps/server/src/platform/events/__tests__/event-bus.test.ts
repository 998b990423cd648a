import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../harness';
import { withDatabase, type TemplateInfo } from '../../../harness/template';
import { openPostgres } from '../../db/client';
import type { Family } from '../../deps';
import { backoffMs, defineTopic, subscribe, type DeliveredEvent } from '..';

const released = defineTopic('probe.released', z.object({ version: z.number().int() }));
type Released = z.infer<typeof released.schema>;

/** What each subscriber saw, and how it should behave, per test. */
const seen: Record<'steady' | 'flaky' | 'broken', Array<DeliveredEvent<Released>>> = { steady: [], flaky: [], broken: [] };
const failures = new Map<string, number>();
let brokenFails = true;

const probe: Family = {
  name: 'event-probe',
  register() {},
  subscriptions: [
    subscribe({ name: 'probe.steady', topic: released, handle: async (e) => void seen.steady.push(e) }),
    subscribe({
      name: 'probe.flaky',
      topic: released,
      async handle(e, tx) {
        await tx.execute('select 1');
        const left = failures.get(`${e.key}:${e.payload.version}`) ?? 0;
        if (left > 0) {
          failures.set(`${e.key}:${e.payload.version}`, left - 1);
          throw new Error(`flaky ${e.key}:${e.payload.version}`);
        }
        seen.flaky.push(e);
      },
    }),
    subscribe({
      name: 'probe.broken',
      topic: released,
      maxAttempts: 3,
      async handle(e) {
        if (brokenFails) throw new Error('always broken');
        seen.broken.push(e);
      },
    }),
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ families: [probe] });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const list of Object.values(seen)) list.length = 0;
  failures.clear();
  brokenFails = false;
  await t.deps.database.executeSql('delete from events');
});

const publish = (key: string, version: number) => t.deps.db.transaction((tx) => t.deps.events.publish(tx, released, key, { version }));
const order = (list: Array<DeliveredEvent<Released>>) => list.map((e) => `${e.key}:${e.payload.version}`);
/** Delivers, moving the clock past each backoff, until nothing is left to retry. */
async function settle(rounds = 8) {
  for (let i = 0; i < rounds; i += 1) {
    await t.deps.events.drain();
    t.clock.advance(backoffMs(10));
  }
}

describe('the event bus', () => {
  it('never delivers an event whose transaction rolled back', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.events.publish(tx, released, 'app-1', { version: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settle(2);
    expect(seen.steady).toEqual([]);
    expect((await t.deps.database.executeSql('select count(*)::int as n from events')).rows).toEqual([{ n: 0 }]);
  });

  it('refuses a payload that does not fit its topic, in the publisher’s transaction', async () => {
    await expect(t.deps.db.transaction((tx) => t.deps.events.publish(tx, released, 'app-1', { version: 'one' } as never))).rejects.toThrow();
  });

  it('gives a subscriber that fails twice the event three times, after backing off', async () => {
    failures.set('app-1:1', 2);
    await publish('app-1', 1);
    await t.deps.events.drain();
    expect(seen.flaky).toEqual([]);
    await t.deps.events.drain();
    expect(seen.flaky, 'not before the backoff').toEqual([]);
    t.clock.advance(backoffMs(1));
    await t.deps.events.drain();
    t.clock.advance(backoffMs(2));
    await t.deps.events.drain();
    expect(seen.flaky.map((e) => e.attempt)).toEqual([3]);
    expect(seen.steady.map((e) => e.attempt)).toEqual([1]);
  });

  it('keeps an event that always fails as a dead letter, and delivers it again when replayed', async () => {
    brokenFails = true;
    const id = await publish('app-2', 7);
    await settle();
    expect(seen.broken).toEqual([]);
    expect(await t.deps.events.deadLetters('probe.broken')).toEqual([
      { subscriber: 'probe.broken', eventId: id, topic: 'probe.released', key: 'app-2', payload: { version: 7 }, attempts: 3, lastError: 'always broken' },
    ]);
    brokenFails = false;
    expect(await t.deps.events.replay('probe.broken', id)).toBe(true);
    await t.deps.events.drain();
    expect(order(seen.broken)).toEqual(['app-2:7']);
    expect(await t.deps.events.deadLetters()).toEqual([]);
  });

  it('keeps the order per key while one key waits on a retry, and lets other keys go on', async () => {
    failures.set('a:1', 1);
    for (const [key, v] of [['a', 1], ['b', 1], ['a', 2], ['b', 2], ['a', 3]] as const) await publish(key, v);
    await t.deps.events.drain();
    expect(order(seen.flaky)).toEqual(['b:1', 'b:2']);
    await settle();
    expect(order(seen.flaky)).toEqual(['b:1', 'b:2', 'a:1', 'a:2', 'a:3']);
  });

  it('prunes settled events past the retention, and keeps pending ones and dead letters', async () => {
    brokenFails = true;
    await publish('old', 1);
    await settle();
    t.clock.advance(8 * 86_400_000);
    brokenFails = false;
    failures.set('late:1', 100);
    await publish('late', 1);
    t.clock.advance(8 * 86_400_000);
    await publish('fresh', 1);
    await t.deps.events.drain();
    const kept = async () => ((await t.deps.database.executeSql('select key from events order by id')).rows as Array<{ key: string }>).map((r) => r.key);
    expect(await kept()).toEqual(['old', 'late', 'fresh']);
    await t.deps.events.replay('probe.broken', (await t.deps.events.deadLetters('probe.broken'))[0]!.eventId);
    await t.deps.events.drain();
    expect(await t.deps.events.prune()).toBe(1);
    expect(await kept()).toEqual(['late', 'fresh']);
  });
});

const info = JSON.parse(inject('dbTemplate')) as TemplateInfo;
describe.runIf(info.kind === 'postgres')('two instances on one PostgreSQL', () => {
  it('deliver each event to a subscriber once, in order per key, and wake each other', async () => {
    const name = ((await t.deps.database.executeSql('select current_database() as db')).rows[0] as { db: string }).db;
    const second = await openPostgres(withDatabase(info.url!, name), 5);
    const other = await createTestApp({ families: [probe], database: second, clock: t.clock });
    try {
      const woken: unknown[] = [];
      await other.deps.pubsub.ready();
      other.deps.pubsub.subscribe('events.wake', (p) => woken.push(p));
      for (let i = 1; i <= 12; i += 1) await publish(`k${i % 3}`, i);
      await Promise.all([t.deps.events.drain(), other.deps.events.drain(), t.deps.events.drain(), other.deps.events.drain()]);
      const ids = seen.steady.map((e) => e.id);
      expect(new Set(ids).size).toBe(12);
      expect(ids).toHaveLength(12);
      for (const k of ['k0', 'k1', 'k2']) {
        const versions = seen.steady.filter((e) => e.key === k).map((e) => e.payload.version);
        expect(versions).toEqual([...versions].sort((x, y) => x - y));
      }
      await expect.poll(() => woken.length).toBeGreaterThan(0);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
