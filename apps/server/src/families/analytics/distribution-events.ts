import { subscribe } from '../../platform/events';
import { appOwner } from '../apps/public';
import { distributionCounted } from '../versions/public';
import { dayIn } from './days';
import { analyticsRepo, type DailyRow } from './repo';
import { settingsOf } from './settings';

/**
 * What the store counted, as event names no device can send (a device's names begin with
 * a letter): kept in the daily counts beside the app's own events, with the same dimensions.
 */
export const DOWNLOAD_EVENT = '$download';
/** Update checks; their value sums the checks that were offered a version. */
export const UPDATE_CHECK_EVENT = '$update_check';

/** The distribution's counts, on the app's reporting calendar, added to its daily counts. */
export const countDistribution = subscribe({
  name: 'analytics.countDistribution',
  topic: distributionCounted,
  maxAttempts: 10,
  async handle(event, tx) {
    const { appId, counts } = event.payload;
    const owner = await appOwner(tx, appId);
    // A deleted app's counts go with it.
    if (!owner) return;
    const { timeZone } = await settingsOf(tx, appId, owner.teamId, owner.projectId);
    const rows = new Map<string, DailyRow>();
    for (const c of counts) {
      const day = dayIn(timeZone, new Date(c.from));
      const name = c.kind === 'download' ? DOWNLOAD_EVENT : UPDATE_CHECK_EVENT;
      const key = `${day}|${name}|${c.versionName}|${c.country}|${c.os}`;
      const row = rows.get(key) ?? { appId, day, name, appVersion: c.versionName, country: c.country, os: c.os, count: 0, valueSum: 0 };
      row.count += c.count;
      row.valueSum += c.offered;
      rows.set(key, row);
    }
    await analyticsRepo.addDaily(tx, [...rows.keys()].sort().map((k) => rows.get(k)!));
  },
});
