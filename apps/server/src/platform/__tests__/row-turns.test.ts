import { describe, expect, it } from 'vitest';
import { MAX_WAITING_PER_ROW, RowTurns } from '../db/row-turns';
import { AppError } from '../http/errors';

const later = () => {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return { gate, open };
};

describe('row turns', () => {
  it('run one row’s writes one at a time, in the order they came, and other rows’ beside them', async () => {
    const turns = new RowTurns();
    const log: string[] = [];
    const first = later();
    const a1 = turns.run('t', 'a', async () => {
      log.push('a1 start');
      await first.gate;
      log.push('a1 end');
    });
    const a2 = turns.run('t', 'a', async () => void log.push('a2'));
    const b = turns.run('t', 'b', async () => void log.push('b'));
    await b;
    expect(log).toEqual(['a1 start', 'b']);
    expect(turns.waiting('t', 'a')).toBe(1);
    first.open();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
    expect(turns.waiting('t', 'a')).toBe(0);
  });

  it('pass a failed write’s error to its caller and go on with the next', async () => {
    const turns = new RowTurns();
    const failed = turns.run('t', 'a', async () => {
      throw new Error('refused');
    });
    const next = turns.run('t', 'a', async () => 'done');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('done');
  });

  it('tell a writer past the queue’s bound to come back (429), and take writers again once it drains', async () => {
    const turns = new RowTurns();
    const hold = later();
    const running = turns.run('t', 'a', () => hold.gate);
    const queued = Array.from({ length: MAX_WAITING_PER_ROW }, () => turns.run('t', 'a', async () => 1));
    const refused = await turns.run('t', 'a', async () => 1).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ retName: 'rateLimited', headers: { 'Retry-After': '1' } });
    hold.open();
    await Promise.all([running, ...queued]);
    await expect(turns.run('t', 'a', async () => 2)).resolves.toBe(2);
  });

  it('gather the writes that come while the row is busy into its next turn, answering each in order', async () => {
    const turns = new RowTurns();
    const hold = later();
    const batches: number[][] = [];
    const writeAll = async (items: number[]) => {
      batches.push(items);
      return items.map((n) => (n === 3 ? { status: 'rejected' as const, reason: new Error('three refused') } : { status: 'fulfilled' as const, value: n * 10 }));
    };
    const running = turns.run('t', 'a', () => hold.gate);
    const answers = [1, 2, 3, 4].map((n) => turns.together('t', 'a', n, writeAll).catch((e: Error) => e.message));
    // Another row's batch does not wait for this one.
    await expect(turns.together('t', 'b', 7, writeAll)).resolves.toBe(70);
    expect(turns.waiting('t', 'a')).toBe(1);
    hold.open();
    expect(await Promise.all(answers)).toEqual([10, 20, 'three refused', 40]);
    await running;
    expect(batches).toEqual([[7], [1, 2, 3, 4]]);
    // The next write after the batch starts a batch of its own.
    await expect(turns.together('t', 'a', 5, writeAll)).resolves.toBe(50);
    expect(batches.at(-1)).toEqual([5]);
  });

  it('start a new batch when one is full, and fail a batch’s every write when its writer throws', async () => {
    const turns = new RowTurns();
    const hold = later();
    const sizes: number[] = [];
    const running = turns.run('t', 'a', () => hold.gate);
    const answers = Array.from({ length: 5 }, (_, i) =>
      turns.together('t', 'a', i, async (items) => {
        sizes.push(items.length);
        if (items.includes(4)) throw new Error('the second batch failed');
        return items.map((value) => ({ status: 'fulfilled' as const, value }));
      }, 2).catch((e: Error) => e.message),
    );
    hold.open();
    await running;
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 'the second batch failed']);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('tell a batched write past the bound to come back (429), counting writes, not batches', async () => {
    const turns = new RowTurns();
    const hold = later();
    const running = turns.run('t', 'a', () => hold.gate);
    const writeAll = async (items: number[]) => items.map((value) => ({ status: 'fulfilled' as const, value }));
    const queued = Array.from({ length: MAX_WAITING_PER_ROW }, (_, i) => turns.together('t', 'a', i, writeAll));
    expect(turns.batched('t', 'a')).toBe(MAX_WAITING_PER_ROW);
    const refused = await turns.together('t', 'a', -1, writeAll).catch((e: unknown) => e);
    expect(refused).toMatchObject({ retName: 'rateLimited' });
    hold.open();
    await Promise.all([running, ...queued]);
    expect(turns.batched('t', 'a')).toBe(0);
    await expect(turns.together('t', 'a', 7, writeAll)).resolves.toBe(7);
  });
});
