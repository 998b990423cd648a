// What other families may use of analytics: nothing else of this folder.
import type { AnalyticsContext } from '@wharf/contract';
import type { Clock } from '../../platform/clock';
import type { Deps } from '../../platform/deps';
import { ANONYMOUS, type Caller } from '../../platform/http/access';
import { AnalyticsIngest, type SendResult } from './ingest';
import { foldAll } from './rollup';
import { AnalyticsSettingsStore } from './settings';

export interface DeviceBatch {
  deviceId: string;
  context: AnalyticsContext;
  events: readonly unknown[];
}

/**
 * Sends batches as the app's devices would, through ingestion's own checks, with the clock
 * at `at` (the demo's history, each day at its own time), then folds them into the counts.
 */
export async function sendAsDevices(deps: Pick<Deps, 'db' | 'database' | 'rateLimits' | 'config'>, app: { appId: string; teamId: string; projectId: string }, at: Date, batches: readonly DeviceBatch[]): Promise<SendResult[]> {
  const clock: Clock = { now: () => at };
  const ingest = new AnalyticsIngest({ ...deps, clock }, new AnalyticsSettingsStore({ db: deps.db, clock }));
  const caller: Caller = { ...ANONYMOUS, kind: 'app-client', appId: app.appId, teamId: app.teamId, projectId: app.projectId };
  const results: SendResult[] = [];
  for (const batch of batches) results.push(await ingest.send(caller, { ...batch, language: 'en' }));
  await foldAll(deps);
  return results;
}

/** The audiences an app instance is in, as last worked out: what targeting (remote configuration, A/B tests, messages) reads. */
export { audienceRepo as audienceMembership } from './audience-repo';

/** Exposures and goal metrics per variant of an A/B experiment, from the raw events. */
export { experimentCounts, type ExperimentCounts, type MetricSample } from './experiment-repo';

/** An in-app message's impressions, clicks, dismissals and conversions per day, from the raw events. */
export { messageEventDays, type MessageDay } from './message-repo';
