import { describe, expect, it } from 'vitest';
import { cronProblem, eventPasses, nextFirings } from './function-triggers';

describe('timer triggers', () => {
  it('take five cron fields, names included, and refuse seconds and nonsense', () => {
    expect(cronProblem('0 9 * * MON-FRI')).toBeNull();
    expect(cronProblem('*/15 * * * *')).toBeNull();
    expect(cronProblem('0 0 L * *')).toBeNull();
    expect(cronProblem('0 0 9 * * *')).toBe('fields');
    expect(cronProblem('every day')).toBe('fields');
    expect(cronProblem('61 * * * *')).toBe('invalid');
  });

  it('fire in their time zone, daylight saving included', () => {
    const from = new Date('2026-03-28T00:00:00Z');
    // 09:00 in Berlin is 08:00 UTC before the change (29 March) and 07:00 UTC after.
    expect(nextFirings('0 9 * * *', 'Europe/Berlin', from, 2).map((d) => d.toISOString())).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    expect(nextFirings('0 9 * * *', 'Asia/Shanghai', from, 1).map((d) => d.toISOString())).toEqual(['2026-03-28T01:00:00.000Z']);
    expect(nextFirings('0 9 * * *', 'Mars/Olympus', from, 1)).toEqual([]);
  });
});

describe('event triggers', () => {
  it('pass an event when every filter that is set holds', () => {
    expect(eventPasses('storage', {}, { bucket: 'b', name: 'photos/a.png' })).toBe(true);
    expect(eventPasses('storage', { namePrefix: 'photos/', nameSuffix: '.png' }, { bucket: 'b', name: 'photos/a.png' })).toBe(true);
    expect(eventPasses('storage', { namePrefix: 'photos/', nameSuffix: '.png' }, { bucket: 'b', name: 'photos/a.jpg' })).toBe(false);
    expect(eventPasses('storage', { bucket: 'other' }, { bucket: 'b', name: 'x' })).toBe(false);
    expect(eventPasses('auth', { provider: 'email' }, { provider: 'anonymous' })).toBe(false);
    expect(eventPasses('auth', {}, { provider: 'anonymous' })).toBe(true);
  });
});
