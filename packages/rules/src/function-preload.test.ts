import { describe, expect, it } from 'vitest';
import { preloadHolds } from './function-preload';

describe('a preload window', () => {
  const workdays = { days: [1, 2, 3, 4, 5], startHour: 9, endHour: 18, timeZone: 'Europe/Moscow' };
  it('holds on its days and hours where its time zone is', () => {
    // Monday 2026-03-09 06:00 UTC is 09:00 in Moscow (UTC+3): inside; 05:59 UTC is not.
    expect(preloadHolds(workdays, new Date('2026-03-09T06:00:00Z'))).toBe(true);
    expect(preloadHolds(workdays, new Date('2026-03-09T05:59:00Z'))).toBe(false);
    expect(preloadHolds(workdays, new Date('2026-03-09T14:59:00Z'))).toBe(true);
    expect(preloadHolds(workdays, new Date('2026-03-09T15:00:00Z'))).toBe(false);
    // Saturday noon in Moscow.
    expect(preloadHolds(workdays, new Date('2026-03-14T09:00:00Z'))).toBe(false);
  });
  it('takes a whole day as 0 to 24, and a day boundary in another zone', () => {
    const always = { days: [0, 1, 2, 3, 4, 5, 6], startHour: 0, endHour: 24, timeZone: 'UTC' };
    expect(preloadHolds(always, new Date('2026-03-14T23:59:00Z'))).toBe(true);
    // Sunday 23:30 UTC is already Monday 08:30 in Tokyo.
    expect(preloadHolds({ days: [1], startHour: 8, endHour: 9, timeZone: 'Asia/Tokyo' }, new Date('2026-03-08T23:30:00Z'))).toBe(true);
  });
});
