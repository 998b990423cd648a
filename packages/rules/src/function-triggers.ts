import { Cron } from 'croner';
import { isTimeZone } from './app-messaging';

/** Timer triggers (cron) of cloud functions: limits and the expression rules both sides check. */
export const TRIGGER_LIMITS = {
  triggersPerFunction: 10,
  /** The event a timer hands its function, as JSON. */
  payloadBytes: 4096,
  nameChars: 64,
  /** A run that failed is tried this often in all, waiting 1 s, 2 s, 4 s… between (an event trigger may choose 1–10). */
  attempts: 3,
  maxAttempts: 10,
  filterChars: 256,
} as const;

/** What an alarm watches over its window: the share of calls that failed (%), failed calls, p95 duration (ms), throttled calls. */
export const ALARM_METRICS = ['errorRate', 'errors', 'p95', 'throttles'] as const;
export type AlarmMetric = (typeof ALARM_METRICS)[number];
export const ALARM_WINDOWS = [5, 15, 60] as const;
export const ALARM_LIMITS = { perFunction: 10, nameChars: 64, evaluateEveryMs: 60_000 } as const;

/** Saved test events of a function (its test parameters): how many, and each one's size as JSON. */
export const TEST_EVENT_LIMITS = { perFunction: 20, bytes: 64 * 1024, nameChars: 64 } as const;

/** What an event trigger can listen to, and the event types of each source. */
export const EVENT_SOURCES = {
  storage: ['objectFinalized', 'objectDeleted'],
  auth: ['userCreated', 'userDeleted'],
  clouddb: ['documentWritten', 'documentDeleted'],
} as const;
export type EventSource = keyof typeof EVENT_SOURCES;
/** The filters each source's events can be narrowed by (all that are set must hold). */
export const EVENT_FILTERS = { storage: ['bucket', 'namePrefix', 'nameSuffix'], auth: ['provider'], clouddb: ['zone', 'objectType'] } as const;

/** Whether an event of a source passes a trigger's filter. */
export function eventPasses(source: EventSource, filter: Readonly<Record<string, string>>, facts: Readonly<Record<string, string | null>>): boolean {
  if (source === 'storage') {
    const name = facts.name ?? '';
    return (!filter.bucket || filter.bucket === facts.bucket) && (!filter.namePrefix || name.startsWith(filter.namePrefix)) && (!filter.nameSuffix || name.endsWith(filter.nameSuffix));
  }
  if (source === 'clouddb') return (!filter.zone || filter.zone === facts.zone) && (!filter.objectType || filter.objectType === facts.objectType);
  return !filter.provider || filter.provider === facts.provider;
}

/** After downtime: `skip` the firings that were missed, or `runOnce` for all of them together. */
export const MISSED_RUN_POLICIES = ['skip', 'runOnce'] as const;
export type MissedRunPolicy = (typeof MISSED_RUN_POLICIES)[number];

/** A firing later than this is one that was missed (the server was down), not a slow tick. */
export const TIMER_GRACE_MS = 60_000;

/**
 * A cron expression of five fields (minute, hour, day of month, month, day of week; names
 * and `L`, `#`, `W` as croner reads them): null when it is one, else why not. Seconds are
 * refused: a timer fires at most once a minute.
 */
export function cronProblem(expression: string): 'fields' | 'invalid' | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) return 'fields';
  try {
    new Cron(fields.join(' '), { paused: true });
    return null;
  } catch {
    return 'invalid';
  }
}

/** The next `n` times a valid expression fires after `from`, in its time zone. */
export function nextFirings(expression: string, timeZone: string, from: Date, n = 1): Date[] {
  if (cronProblem(expression) || !isTimeZone(timeZone)) return [];
  return new Cron(expression.trim().split(/\s+/).join(' '), { paused: true, timezone: timeZone }).nextRuns(n, from);
}
