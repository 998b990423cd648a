import type { Zone } from '@wharf/rules';

/** Where a zone's teams mostly are: an app's reporting time zone until someone picks one. */
export const ZONE_TIME_ZONES: Readonly<Record<Zone, string>> = {
  china: 'Asia/Shanghai',
  singapore: 'Asia/Singapore',
  europe: 'Europe/Berlin',
  russia: 'Europe/Moscow',
  iran: 'Asia/Tehran',
};

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

interface DayCache {
  format: Intl.DateTimeFormat;
  /** The last day worked out, and the span of instants known to fall on it. */
  day: string;
  from: number;
  to: number;
}

const caches = new Map<string, DayCache>();
const HOUR = 3_600_000;

/**
 * The calendar day (YYYY-MM-DD) an instant falls on in a time zone. Events of one batch
 * mostly share a day, so the answer is kept for the quarter-hour the instant is in (every
 * zone's offset is a whole number of quarter-hours, so its days change only on one).
 */
export function dayIn(timeZone: string, at: Date): string {
  let cache = caches.get(timeZone);
  if (!cache) {
    cache = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), day: '', from: 0, to: -1 };
    caches.set(timeZone, cache);
  }
  const t = at.getTime();
  if (t >= cache.from && t < cache.to) return cache.day;
  const day = cache.format.format(at);
  const quarter = HOUR / 4;
  cache.day = day;
  cache.from = t - (t % quarter);
  cache.to = cache.from + quarter;
  return day;
}

/** Days from `from` to `to`, both included (YYYY-MM-DD, calendar arithmetic in UTC). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
