import { describe, expect, it } from 'vitest';
import { changeOf, lastDays, lengthOf, parseRange, previousOf, todayIn } from './range';

describe('analytics ranges', () => {
  it("takes today in the app's time zone", () => {
    const instant = new Date(Date.UTC(2026, 10, 20, 20, 0));
    expect(todayIn('Asia/Shanghai', instant)).toBe('2026-11-21');
    expect(todayIn('America/New_York', instant)).toBe('2026-11-20');
    expect(todayIn('No/Such_Zone', instant)).toBe('2026-11-20');
  });

  it('counts days inclusively and finds the previous period of the same length, across months', () => {
    const r = lastDays(7, '2026-12-03');
    expect(r).toEqual({ from: '2026-11-27', to: '2026-12-03' });
    expect(lengthOf(r)).toBe(7);
    expect(previousOf(r)).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });

  it('reads a range from the address only when it is one', () => {
    expect(parseRange('2026-11-01', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(parseRange('2026-11-30', '2026-11-01')).toBeNull();
    expect(parseRange('yesterday', '2026-11-01')).toBeNull();
    expect(parseRange(null, null)).toBeNull();
  });

  it('says the change in per cent, and nothing when there was nothing before', () => {
    expect(changeOf(150, 100)).toBe(50);
    expect(changeOf(50, 100)).toBe(-50);
    expect(changeOf(5, 0)).toBeNull();
  });
});
