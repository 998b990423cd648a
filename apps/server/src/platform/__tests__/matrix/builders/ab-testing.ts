import { abTestingApi, remoteConfigApi, type ExperimentInput } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

/** A's experiment: the marker in its name and description, so an answer to anyone else that shows it fails. */
const input = (s: Seed): ExperimentInput => ({
  name: `Greeting ${s.marker}`.slice(0, 100),
  description: s.marker,
  parameters: ['feature'],
  targeting: { rules: [], percent: 100 },
  variants: [
    { name: 'Baseline', weight: 1, values: {} },
    { name: 'Other', weight: 1, values: { feature: 'other' } },
  ],
  primaryMetric: { kind: 'conversion', event: 'purchase' },
  secondaryMetrics: [],
});

type Made = { appId: string; id: string; revision: number };

/** A fresh app of A with the parameter published and an experiment on it, started when asked. */
async function experiment(s: Seed, start: boolean): Promise<Made> {
  const { appId } = (await s.fresh.app()) as { appId: string };
  const holder = s.a.holder;
  const template = { conditions: [], parameters: [{ key: 'feature', type: 'string' as const, defaultValue: 'on', conditionalValues: [] }] };
  const saved = await ok<{ draft: { revision: number } }>(await holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template, revision: 0 } }), 'remote draft');
  await ok(await holder.call(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision: saved.draft.revision } }), 'remote publish');
  const made = (await ok<{ experiment: { id: string; revision: number } }>(await holder.call(abTestingApi.createExperiment, { query: { appId }, body: input(s) }), 'experiment')).experiment;
  if (!start) return { appId, ...made };
  const started = (await ok<{ experiment: { id: string; revision: number } }>(await holder.call(abTestingApi.startExperiment, { params: { experimentId: made.id }, query: { appId }, body: { revision: made.revision } }), 'start')).experiment;
  return { appId, ...started };
}

let readable: Promise<Made> | undefined;
/** One running experiment for the read-only calls, made once. */
const forReading = (s: Seed) => (readable ??= experiment(s, true));
const one = (m: Made) => ({ params: { experimentId: m.id }, query: { appId: m.appId } });

export function abTestingBuilders(): Builders {
  return {
    'abTesting.list': { build: async (s) => ({ query: { appId: (await forReading(s)).appId } }) },
    'abTesting.get': { build: async (s) => one(await forReading(s)) },
    'abTesting.results': { build: async (s) => one(await forReading(s)) },
    'abTesting.create': {
      build: async (s) => {
        const { appId } = await experiment(s, false);
        return { query: { appId }, body: { ...input(s), name: 'Second' } };
      },
    },
    'abTesting.update': { build: async (s) => { const m = await experiment(s, false); return { ...one(m), body: { ...input(s), revision: m.revision } }; } },
    'abTesting.delete': { build: async (s) => one(await experiment(s, false)) },
    'abTesting.start': { build: async (s) => { const m = await experiment(s, false); return { ...one(m), body: { revision: m.revision } }; } },
    'abTesting.stop': { build: async (s) => { const m = await experiment(s, true); return { ...one(m), body: { revision: m.revision } }; } },
    'abTesting.rollOut': { build: async (s) => { const m = await experiment(s, true); return { ...one(m), body: { revision: m.revision, variant: 1 } }; } },
  };
}
