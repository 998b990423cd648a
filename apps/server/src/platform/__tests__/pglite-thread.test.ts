import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from '../db/pglite-thread';

// The embedded database in its own thread, reached by several node-postgres connections.
let dir: string;
let thread: PgliteThread;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-thread-'));
  thread = await PgliteThread.start(dir);
  const pool = thread.pool(1);
  await pool.query('create table notes (id int primary key, body text)');
  await pool.end();
}, 60_000);
afterAll(async () => {
  await thread.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the embedded database thread', () => {
  it("keeps a transaction's statements together: another connection waits until it commits, then sees it", async () => {
    const pool = thread.pool(2);
    const a = await pool.connect();
    await a.query('begin');
    await a.query("insert into notes values (1, 'in a transaction')");
    const order: string[] = [];
    const other = pool.query('select count(*)::int as n from notes where id = 1').then((r) => {
      order.push('other read');
      return (r.rows[0] as { n: number }).n;
    });
    await new Promise((r) => setTimeout(r, 50));
    order.push('commit');
    await a.query('commit');
    a.release();
    expect(await other).toBe(1);
    expect(order).toEqual(['commit', 'other read']);
    await pool.end();
  });

  it('rolls back the transaction of a connection that is gone, and frees the others', async () => {
    const pool = thread.pool(2);
    const a = await pool.connect();
    await a.query('begin');
    await a.query("insert into notes values (2, 'never committed')");
    a.release(new Error('the request failed'));
    expect((await pool.query('select count(*)::int as n from notes where id = 2')).rows).toEqual([{ n: 0 }]);
    await pool.end();
  });

  it('answers an error to its own connection only, which stays usable', async () => {
    const pool = thread.pool(2);
    await expect(pool.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    expect((await pool.query('select $1::text as t', ['still here'])).rows).toEqual([{ t: 'still here' }]);
    await pool.end();
  });

  it('fails the queries of open and new connections once the thread has ended, instead of leaving them waiting', async () => {
    const own = await PgliteThread.start(await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-thread-end-')));
    const pool = own.pool(2);
    pool.on('error', () => undefined);
    const held = await pool.connect();
    held.on('error', () => undefined);
    await own.stop();
    await expect(held.query('select 1')).rejects.toThrow();
    held.release(true);
    await expect(pool.query('select 1')).rejects.toThrow(/thread exited/);
    await pool.end();
  });

  it('leaves the event loop free while a query runs', async () => {
    const pool = thread.pool(1);
    await pool.query('select 1');
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await pool.query('select count(*) from generate_series(1, 2000000)');
    running = false;
    // In this thread, the same query would have held the loop: no turn at all until it ended.
    expect(turns).toBeGreaterThan(10);
    await pool.end();
  });
});
