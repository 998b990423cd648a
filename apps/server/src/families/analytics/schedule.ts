import type { ReportSchedule } from '@wharf/contract';
import { addDays, dayIn } from './days';

/** The local hour a scheduled report is mailed at: the morning's numbers, yesterday complete. */
export const REPORT_HOUR = 6;

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far a time zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(timeZone: string, t: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    formats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(t / 1000) * 1000;
}

/** The instant a day's wall-clock hour happens in a time zone (the later one when a clock change repeats it). */
export function atLocalHour(timeZone: string, day: string, hour: number): Date {
  const wall = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
  const first = wall - offsetAt(timeZone, wall);
  const second = wall - offsetAt(timeZone, first);
  return new Date(second);
}

const runsOn = (schedule: ReportSchedule, day: string): boolean =>
  schedule === 'daily' || (schedule === 'weekly' && new Date(`${day}T00:00:00Z`).getUTCDay() === 1) || (schedule === 'monthly' && day.endsWith('-01'));

/** When a schedule next mails after `now`: 06:00 local, daily, on Mondays, or on the 1st; null for `off`. */
export function nextRunAt(schedule: ReportSchedule, timeZone: string, now: Date): Date | null {
  if (schedule === 'off') return null;
  let day = dayIn(timeZone, now);
  for (let i = 0; i < 40; i += 1, day = addDays(day, 1)) {
    if (!runsOn(schedule, day)) continue;
    const at = atLocalHour(timeZone, day, REPORT_HOUR);
    if (at.getTime() > now.getTime()) return at;
  }
  /* c8 ignore next */
  throw new Error(`no run of ${schedule} within 40 days`);
}

/** The days a template's report covers when run at `now`: `rangeDays` days ending yesterday. */
export function templateRange(rangeDays: number, timeZone: string, now: Date): { from: string; to: string } {
  const to = addDays(dayIn(timeZone, now), -1);
  return { from: addDays(to, -(rangeDays - 1)), to };
}
