/** A range of whole days in the app's reporting time zone, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export const PRESETS = [7, 30, 90] as const;
const DAY_MS = 86_400_000;

/** Today's date in a time zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

export function lengthOf(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The period just before, of the same length. */
export function previousOf(range: DayRange): DayRange {
  const n = lengthOf(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A range read from the page's address, if it is one. */
export function parseRange(from: string | null, to: string | null): DayRange | null {
  return from && to && DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : null;
}

/** The change from `before` to `now` in per cent; null when there was nothing before. */
export function changeOf(now: number, before: number): number | null {
  if (!before) return null;
  return ((now - before) / before) * 100;
}

/** Every day of a range, oldest first. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: lengthOf(range) }, (_, i) => addDays(range.from, i));
}
