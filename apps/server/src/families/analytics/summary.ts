import { CRASH_EVENT, type AnalyticsContext } from '@wharf/contract';
import type { DailyRow, DeviceDayRow, DeviceRow, EventRow } from './repo';

/**
 * What one stored batch adds to the rollups. A batch comes from one instance with one
 * context, so its counts differ only by day and event name.
 */
export interface Summary {
  instanceId: string;
  appVersion: string;
  os: string;
  country: string;
  language: string;
  deviceModel: string;
  userId: string | null;
  /** The user properties the batch carried; null when it carried none. */
  userProperties: Record<string, string | number | boolean> | null;
  /** [day, event name, count, sum of values] */
  counts: Array<[string, string, number, number]>;
}

/** What a batch says of its device, beside its counts (the storing statement sums those). */
export function deviceOf(first: EventRow, context: AnalyticsContext): Omit<Summary, 'counts' | 'instanceId'> {
  return {
    appVersion: first.appVersion,
    os: first.os,
    country: first.country,
    language: context.language ?? '',
    deviceModel: context.deviceModel ?? '',
    userId: first.userId ?? null,
    userProperties: context.userProperties && Object.keys(context.userProperties).length ? context.userProperties : null,
  };
}

/** Many summaries as the rows they add: counts summed per key, devices merged per instance. */
export function merge(pending: ReadonlyArray<{ appId: string; summary: Summary }>): { daily: DailyRow[]; deviceDays: DeviceDayRow[]; devices: DeviceRow[] } {
  const daily = new Map<string, DailyRow>();
  const deviceDays = new Map<string, DeviceDayRow>();
  const devices = new Map<string, DeviceRow>();
  for (const { appId, summary: s } of pending) {
    let firstDay = '9999-12-31';
    let lastDay = '0000-01-01';
    for (const [day, name, count, valueSum] of s.counts) {
      const key = `${appId}|${day}|${name}|${s.appVersion}|${s.country}|${s.os}`;
      const row = daily.get(key) ?? { appId, day, name, appVersion: s.appVersion, country: s.country, os: s.os, count: 0, valueSum: 0 };
      row.count += count;
      row.valueSum += valueSum;
      daily.set(key, row);
      // The later batch's version wins, as in the table's upsert (a device updated that day).
      const dayKey = `${appId}|${day}|${s.instanceId}`;
      const before = deviceDays.get(dayKey);
      deviceDays.set(dayKey, { appId, day, instanceId: s.instanceId, appVersion: s.appVersion || before?.appVersion || '', crashed: name === CRASH_EVENT || (before?.crashed ?? false) });
      if (day < firstDay) firstDay = day;
      if (day > lastDay) lastDay = day;
    }
    const key = `${appId}|${s.instanceId}`;
    const seen = devices.get(key);
    // Summaries stored before user properties were kept have none.
    const next: DeviceRow = { appId, instanceId: s.instanceId, firstDay, lastDay, userId: s.userId, appVersion: s.appVersion, os: s.os, country: s.country, language: s.language, deviceModel: s.deviceModel, userProperties: s.userProperties ?? null };
    if (!seen) devices.set(key, next);
    else {
      // The later batch's attributes win where it says something, as in the table's upsert.
      const later = lastDay >= seen.lastDay ? next : seen;
      const earlier = later === next ? seen : next;
      const pick = (k: 'appVersion' | 'os' | 'country' | 'language' | 'deviceModel') => (later[k] !== '' ? later[k] : earlier[k]);
      devices.set(key, {
        ...later,
        firstDay: seen.firstDay < firstDay ? seen.firstDay : firstDay,
        lastDay: seen.lastDay > lastDay ? seen.lastDay : lastDay,
        userId: later.userId ?? earlier.userId ?? null,
        // Property by property, the later batch's value wins.
        userProperties: later.userProperties || earlier.userProperties ? { ...earlier.userProperties, ...later.userProperties } : null,
        appVersion: pick('appVersion'),
        os: pick('os'),
        country: pick('country'),
        language: pick('language'),
        deviceModel: pick('deviceModel'),
      });
    }
  }
  // In key order, so instances folding at once lock shared rows in the same order (no deadlock).
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  return { daily: sorted(daily), deviceDays: sorted(deviceDays), devices: sorted(devices) };
}
