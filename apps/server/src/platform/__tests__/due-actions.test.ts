import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, dueActions } from '../db/tables';
import { writeAudit } from '../audit';
import { createTestApp, type TestApp } from '../../harness';
import { DueActions } from '../due-actions';
import { openPostgres } from '../db/client';

let t: TestApp;
const fired: string[] = [];
let open: () => void = () => undefined;
let entered: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
beforeAll(async () => {
  t = await createTestApp();
  t.deps.dueActions.handle('test.release', async (tx, payload) => {
    fired.push(String(payload.name));
    await writeAudit(tx, t.clock, { action: 'test.released', targetId: String(payload.name), actorKind: 'system' });
  });
  t.deps.dueActions.handle('test.slow', async (_tx, payload) => {
    entered();
    await gate;
    fired.push(String(payload.name));
  });
  t.deps.dueActions.handle('test.broken', async () => {
    throw new Error('handler failed');
  });
  // After-commit work that reads through the pool: inside the transaction it could not see
  // the action done (and on the embedded database it would wait for the transaction).
  t.deps.dueActions.handle('test.afterCommit', async (tx, payload, { id, afterCommit }) => {
    await writeAudit(tx, t.clock, { action: 'test.released', targetId: String(payload.name), actorKind: 'system' });
    afterCommit(async () => {
      const [row] = await t.deps.db.select().from(dueActions).where(eq(dueActions.id, id));
      afterCommitSaw.push(`${String(payload.name)}:${row?.state}`);
    });
    afterCommit(() => Promise.reject(new Error('after-commit work failed')));
    if (payload.fail) throw new Error('handler failed after asking');
  });
});
const afterCommitSaw: string[] = [];
afterAll(() => t.close());

describe('due actions', () => {
  it('fires nothing before its time and exactly once after it', async () => {
    const at = new Date(t.clock.now().getTime() + 60_000);
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.release', dueAt: at, payload: { name: 'v1' } });
    expect(await t.deps.dueActions.runDue()).toBe(0);
    t.clock.advance(59_999);
    expect(await t.deps.dueActions.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await t.deps.dueActions.runDue()).toBe(1);
    expect(await t.deps.dueActions.runDue()).toBe(0);
    expect(fired.filter((n) => n === 'v1')).toHaveLength(1);
    const audit = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, 'v1'));
    expect(audit).toHaveLength(1);
  });

  it('a call made while a run is under way also fires what became due after that run read the clock', async () => {
    gate = new Promise((resolve) => (open = resolve));
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const now = t.clock.now().getTime();
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.slow', dueAt: new Date(now), payload: { name: 'slow-now' } });
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.release', dueAt: new Date(now + 3_600_000), payload: { name: 'in-an-hour' } });
    const first = t.deps.dueActions.runDue();
    // The first run is inside the slow handler, with the clock it read before the advance.
    await inHandler;
    t.clock.advance(2 * 3_600_000);
    const second = t.deps.dueActions.runDue();
    expect(t.deps.dueActions.runDue()).toBe(second);
    open();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(fired.slice(-2)).toEqual(['slow-now', 'in-an-hour']);
    gate = Promise.resolve();
  });

  it('replaces the pending action of the same key when rescheduled', async () => {
    const now = t.clock.now().getTime();
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.release', dueAt: new Date(now + 1000), payload: { name: 'v2-early' }, dedupeKey: 'version:2' });
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.release', dueAt: new Date(now + 5000), payload: { name: 'v2-late' }, dedupeKey: 'version:2' });
    t.clock.advance(2000);
    await t.deps.dueActions.runDue();
    expect(fired).not.toContain('v2-early');
    t.clock.advance(3000);
    await t.deps.dueActions.runDue();
    expect(fired).toContain('v2-late');
  });

  it('rolls back a failing handler and retries it later, then gives up', async () => {
    const id = await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.broken', dueAt: t.clock.now() });
    await t.deps.dueActions.runDue();
    let [row] = await t.deps.db.select().from(dueActions).where(eq(dueActions.id, id));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'handler failed' });
    for (let i = 0; i < 6; i += 1) {
      t.clock.advance(3_600_000);
      await t.deps.dueActions.runDue();
    }
    [row] = await t.deps.db.select().from(dueActions).where(eq(dueActions.id, id));
    expect(row).toMatchObject({ state: 'failed', attempts: 5 });
  });

  it('runs a handler\'s after-commit work once its transaction has committed, and not when it rolled back', async () => {
    await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.afterCommit', dueAt: t.clock.now(), payload: { name: 'kept' } });
    const failing = await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.afterCommit', dueAt: t.clock.now(), payload: { name: 'undone', fail: true }, dedupeKey: 'test.afterCommit.undone' });
    // The failing work is logged, not thrown: the action itself took effect.
    expect(await t.deps.dueActions.runDue()).toBe(2);
    expect(afterCommitSaw).toEqual(['kept:done']);
    const audits = await t.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, 'undone'));
    expect(audits).toHaveLength(0);
    const [row] = await t.deps.db.select().from(dueActions).where(eq(dueActions.id, failing));
    expect(row).toMatchObject({ state: 'pending', lastError: 'handler failed after asking' });
    await t.deps.dueActions.cancel(t.deps.db, 'test.afterCommit.undone');
  });

  it('marks an action of an unknown kind failed instead of retrying it forever', async () => {
    const id = await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.nobody', dueAt: t.clock.now() });
    await t.deps.dueActions.runDue();
    const [row] = await t.deps.db.select().from(dueActions).where(eq(dueActions.id, id));
    expect(row?.state).toBe('failed');
  });

  it('does not fire a scheduled action whose transaction rolled back', async () => {
    await expect(
      t.deps.db.transaction(async (tx) => {
        await t.deps.dueActions.schedule(tx, { kind: 'test.release', dueAt: t.clock.now(), payload: { name: 'ghost' } });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    await t.deps.dueActions.runDue();
    expect(fired).not.toContain('ghost');
  });

  it('fires each action once when several instances tick together', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `multi-${i}`);
    for (const name of names) {
      await t.deps.dueActions.schedule(t.deps.db, { kind: 'test.release', dueAt: t.clock.now(), payload: { name } });
    }
    // Three runners over one database, as three server instances would be.
    const runners = [0, 1, 2].map(() => {
      const r = new DueActions(t.deps.db, t.clock, t.deps.log);
      r.handle('test.release', async (tx, payload) => {
        fired.push(String(payload.name));
        await tx.execute(sql`select pg_sleep(0.005)`);
      });
      return r;
    });
    const counts = await Promise.all(runners.map((r) => r.runDue()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    for (const name of names) expect(fired.filter((n) => n === name)).toHaveLength(1);
  });
});

describe('cancelling a key outside a transaction', () => {
  it('is tried again when PostgreSQL ends a deadlock with it', async () => {
    const url = t.deps.database.url;
    if (t.deps.database.kind !== 'postgres' || !url) return; // one session on the embedded database: no deadlock
    const key = 'deadlock:sweep';
    const due = new Date(t.clock.now().getTime() + 3_600_000);
    const [first, second] = await t.deps.db
      .insert(dueActions)
      .values([1, 2].map((n) => ({ kind: 'test.release', dueAt: due, payload: { name: `d${n}` }, dedupeKey: key, createdAt: t.clock.now() })))
      .returning({ id: dueActions.id });
    // PostgreSQL ends a deadlock in the session whose deadlock_timeout runs out first once the
    // cycle exists. The cancel's side checks after 3 s and the other side after 60 s, so the
    // cancel is the one ended unless the other side took more than 3 s to queue (CI's load
    // once took over the default 1 s, and the other side was ended instead).
    const cancelSide = await openPostgres(withSessionSetting(url, 'deadlock_timeout=3s'), 2);
    const canceller = new DueActions(cancelSide.db, t.clock, t.deps.log);
    // Another instance firing the key: it holds the second row and will want the first.
    const other = new pg.Client({ connectionString: withSessionSetting(url, 'deadlock_timeout=60s') });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from due_actions where id = $1 for update', [second!.id]);
      const cancelling = canceller.cancel(cancelSide.db, key);
      // The cancel waits on the held row (having locked the first one) before the other side asks for the first.
      // Asked on another connection: inside a transaction, pg_stat_activity answers one snapshot.
      await vi.waitFor(
        async () => {
          const { rows } = (await t.deps.database.executeSql("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'update \"due_actions\"%'")) as { rows: Array<{ n: number }> };
          expect(rows[0]!.n).toBe(1);
        },
        { timeout: 15_000, interval: 20 },
      );
      await other.query("update due_actions set payload = '{\"name\":\"taken\"}' where id = $1", [first!.id]);
      await other.query('commit');
      expect(await cancelling).toBe(2);
    } finally {
      await other.end();
      await cancelSide.close();
    }
  });
});

/** The connection string with a PostgreSQL setting for each of its sessions. */
function withSessionSetting(url: string, setting: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c ${setting}`);
  return u.toString();
}
