import { remoteConfigApi, type RemoteTemplate } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { appHeaders } from './app-users';

/** A's template: the marker in a description, so an answer to anyone else that shows it fails. */
const template = (s: Seed, value = 'on'): RemoteTemplate => ({
  conditions: [{ name: 'Russia', description: s.marker, rules: [{ field: 'country', op: 'in', values: ['RU'] }] }],
  parameters: [{ key: 'feature', type: 'string', defaultValue: value, conditionalValues: [{ condition: 'Russia', value: 'ru' }], description: s.marker }],
});

/** A fresh app of A with `versions` published versions (and the draft's revision). */
async function published(s: Seed, versions = 1): Promise<{ appId: string; revision: number }> {
  const { appId } = (await s.fresh.app()) as { appId: string };
  let revision = 0;
  for (let i = 1; i <= versions; i += 1) {
    const saved = await ok<{ draft: { revision: number } }>(await s.a.holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s, `v${i}`), revision } }), 'remote draft');
    await ok(await s.a.holder.call(remoteConfigApi.publishRemoteConfig, { query: { appId }, body: { revision: saved.draft.revision } }), 'remote publish');
    revision = saved.draft.revision;
  }
  return { appId, revision };
}

let readable: Promise<{ appId: string; revision: number }> | undefined;
/** One app for the read-only calls, made once. */
const forReading = (s: Seed) => (readable ??= published(s, 2));

export function remoteConfigBuilders(): Builders {
  return {
    'remoteConfig.get': { build: async (s) => ({ query: { appId: (await forReading(s)).appId } }) },
    'remoteConfig.versions': { build: async (s) => ({ query: { appId: (await forReading(s)).appId, withTotal: 'true' } }) },
    'remoteConfig.version': { build: async (s) => ({ params: { number: '2' }, query: { appId: (await forReading(s)).appId } }) },
    'remoteConfig.saveDraft': {
      build: async (s) => {
        const { appId } = (await s.fresh.app()) as { appId: string };
        return { query: { appId }, body: { template: template(s), revision: 0 } };
      },
    },
    'remoteConfig.discardDraft': {
      build: async (s) => {
        const { appId, revision } = await published(s);
        await ok(await s.a.holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s, 'changed'), revision } }), 'remote draft change');
        return { query: { appId }, body: {} };
      },
    },
    'remoteConfig.publish': {
      build: async (s) => {
        const { appId } = (await s.fresh.app()) as { appId: string };
        const saved = await ok<{ draft: { revision: number } }>(await s.a.holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s), revision: 0 } }), 'remote draft');
        return { query: { appId }, body: { revision: saved.draft.revision, description: s.marker } };
      },
    },
    'remoteConfig.rollback': { build: async (s) => ({ params: { number: '1' }, query: { appId: (await published(s, 2)).appId }, body: {} }) },
    'remoteConfig.settings': { build: async (s) => ({ query: { appId: (await s.fresh.app()).appId as string }, body: { minimumFetchIntervalSeconds: 120, requireReview: true } }) },
    'remoteConfig.requestReview': {
      build: async (s) => {
        const { appId } = (await s.fresh.app()) as { appId: string };
        const saved = await ok<{ draft: { revision: number } }>(await s.a.holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s), revision: 0 } }), 'remote draft');
        return { query: { appId }, body: { revision: saved.draft.revision, description: s.marker } };
      },
    },
    'remoteConfig.approveReview': {
      // Approved by the account holder: the review was asked for by another member of A.
      build: async (s) => {
        const { appId } = (await s.fresh.app()) as { appId: string };
        const asker = await s.fresh.member(['operations']);
        const saved = await ok<{ draft: { revision: number } }>(await asker.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s), revision: 0 } }), 'remote draft');
        await ok(await asker.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision: saved.draft.revision } }), 'remote review');
        return { query: { appId }, body: { revision: saved.draft.revision } };
      },
    },
    'remoteConfig.rejectReview': {
      build: async (s) => {
        const { appId } = (await s.fresh.app()) as { appId: string };
        const saved = await ok<{ draft: { revision: number } }>(await s.a.holder.call(remoteConfigApi.saveRemoteDraft, { query: { appId }, body: { template: template(s), revision: 0 } }), 'remote draft');
        await ok(await s.a.holder.call(remoteConfigApi.requestRemoteReview, { query: { appId }, body: { revision: saved.draft.revision } }), 'remote review');
        return { query: { appId }, body: { comment: s.marker } };
      },
    },
    'remoteConfig.fetch': {
      build: async (s) => {
        const { appId } = await forReading(s);
        return { headers: await appHeaders(s.a.holder, appId), query: { deviceId: `matrix-device-${Math.random().toString(36).slice(2, 10)}` }, body: { country: 'RU' } };
      },
      reveals: () => ({ values: ['v2', 'ru'], why: "an app's own published values are what its key fetches" }),
    },
    'remoteConfig.preview': { build: async (s) => ({ query: { appId: (await forReading(s)).appId }, body: { source: 'published', deviceId: 'matrix-preview', attributes: { country: 'RU' } } }) },
    'remoteConfig.updates': {
      build: async (s) => ({ headers: await appHeaders(s.a.holder, (await forReading(s)).appId), query: { after: 0, timeoutSeconds: 1 } }),
    },
  };
}
