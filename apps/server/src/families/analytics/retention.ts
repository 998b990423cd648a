import { DEFAULT_RETENTION_DAYS, RETENTION_DAYS } from '@wharf/contract';
import type { Deps } from '../../platform/deps';
import { analyticsRepo } from './repo';

const LONGEST = Math.max(...RETENTION_DAYS);
const SHORTEST = Math.min(...RETENTION_DAYS);
const DAY_MS = 86_400_000;

/**
 * Raw events past each app's retention are deleted; a day older than the longest retention
 * any app may choose goes whole (its partition is dropped). Counts and active users stay.
 * Answers the days dropped whole.
 */
export async function enforceRetention(deps: Pick<Deps, 'db' | 'clock'>): Promise<string[]> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const dropped: string[] = [];
  for (const day of await analyticsRepo.partitionDays(deps.db)) {
    const age = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
    if (age > LONGEST) {
      await analyticsRepo.dropPartition(deps.db, day);
      dropped.push(day);
    } else if (age > SHORTEST) {
      await analyticsRepo.deleteExpired(deps.db, day, age, age > DEFAULT_RETENTION_DAYS);
    }
  }
  return dropped;
}
