import { describe, expect, it } from 'vitest';
import { atLocalHour, nextRunAt, templateRange } from '../schedule';

const at = (iso: string) => new Date(iso);

describe('report schedules', () => {
  it('mails at 06:00 local: daily the next morning, weekly on Monday, monthly on the 1st, never when off', () => {
    const saturdayNoonShanghai = at('2026-11-21T04:00:00Z');
    expect(nextRunAt('daily', 'Asia/Shanghai', saturdayNoonShanghai)?.toISOString()).toBe('2026-11-21T22:00:00.000Z');
    expect(nextRunAt('weekly', 'Asia/Shanghai', saturdayNoonShanghai)?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(nextRunAt('monthly', 'Asia/Shanghai', saturdayNoonShanghai)?.toISOString()).toBe('2026-11-30T22:00:00.000Z');
    expect(nextRunAt('off', 'Asia/Shanghai', saturdayNoonShanghai)).toBeNull();
    // Before 06:00 it is still today's run.
    expect(nextRunAt('daily', 'Europe/Moscow', at('2026-11-21T02:00:00Z'))?.toISOString()).toBe('2026-11-21T03:00:00.000Z');
  });

  it('follows the clock change of a time zone with summer time', () => {
    // Berlin moves to summer time on 29 March 2026: 06:00 is 05:00 UTC before, 04:00 UTC after.
    expect(atLocalHour('Europe/Berlin', '2026-03-28', 6).toISOString()).toBe('2026-03-28T05:00:00.000Z');
    expect(atLocalHour('Europe/Berlin', '2026-03-29', 6).toISOString()).toBe('2026-03-29T04:00:00.000Z');
    expect(nextRunAt('daily', 'America/New_York', at('2026-11-01T09:59:00Z'))?.toISOString()).toBe('2026-11-01T11:00:00.000Z');
  });

  it('covers the chosen number of days ending yesterday, in the reporting time zone', () => {
    // 01:00 on the 22nd in Shanghai is still the 21st in UTC.
    expect(templateRange(7, 'Asia/Shanghai', at('2026-11-21T17:00:00Z'))).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(templateRange(7, 'UTC', at('2026-11-21T17:00:00Z'))).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });
});
