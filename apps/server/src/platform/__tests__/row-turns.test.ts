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
});
