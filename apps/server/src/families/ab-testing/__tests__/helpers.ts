import { abTestingApi, type ExperimentInput } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { deviceFetch } from '../../remote-config/__tests__/helpers';

/** An experiment on the greeting (remote-config's GREETING): the baseline keeps the app's value, "Hey" tries another. */
export const experimentInput = (over: Partial<ExperimentInput> = {}): ExperimentInput => ({
  name: 'Friendlier greeting',
  parameters: ['greeting'],
  targeting: { rules: [], percent: 100 },
  variants: [
    { name: 'Baseline', weight: 50, values: { greeting: null } },
    { name: 'Hey', weight: 50, values: { greeting: 'Hey' } },
  ],
  primaryMetric: { kind: 'conversion', event: 'purchase' },
  secondaryMetrics: [{ kind: 'value', event: 'purchase' }, { kind: 'retention', days: 7 }],
  ...over,
});

export type Made = { id: string; revision: number; state: string };

/** Creates an experiment (and starts it, unless told not to); answers it as the server does. */
export async function experimentOf(u: TestUser, appId: string, input: ExperimentInput = experimentInput(), start = true): Promise<Made> {
  const made = await u.call(abTestingApi.createExperiment, { query: { appId }, body: input });
  if (made.statusCode !== 200) throw new Error(made.body);
  const experiment = made.json().experiment as Made;
  if (!start) return experiment;
  const started = await u.call(abTestingApi.startExperiment, { params: { experimentId: experiment.id }, query: { appId }, body: { revision: experiment.revision } });
  if (started.statusCode !== 200) throw new Error(started.body);
  return started.json().experiment as Made;
}

/** What a device gets: its values and the experiments it takes part in. */
export async function served(t: TestApp, headers: Record<string, string>, deviceId: string, body: object = {}) {
  const res = await deviceFetch(t, headers, deviceId, body);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json() as { values: Record<string, string>; experiments: Array<{ id: string; variant: number }> };
}
