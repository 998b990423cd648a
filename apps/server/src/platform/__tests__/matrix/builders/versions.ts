import { versionApi } from '@wharf/contract';
import { completeVersion, fullListing, openTaskOf, released } from '../../../../harness/scenarios';
import type { Seed } from '../seed';
import type { Builders } from '../types';

const DAY = 86_400_000;

async function ok(res: { statusCode: number; body: string }, what: string): Promise<void> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
}

const ref = (v: { appId: string; versionId: string }) => ({ appId: v.appId, versionId: v.versionId });

/** An approved version waiting for a release time a day ahead. */
async function waiting(s: Seed) {
  const v = await s.fresh.submitted();
  await s.op.login();
  await ok(await s.op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(s.t, v.versionId), decision: 'approve', releaseAt: new Date(s.t.clock.now().getTime() + DAY).toISOString() } }), 'approve later');
  return v;
}

/** An app with version 10 on shelf and version 11 on shelf after it (10 is what a rollback returns to). */
async function twiceReleased(s: Seed) {
  const v10 = await s.fresh.onShelf();
  await s.op.login();
  const v11 = await released(s.t, s.a.holder, s.op, v10.appId, 11);
  return { appId: v10.appId, versionId: v11.versionId };
}

/** Versions, their release and review, and what devices are offered. */
export function versionsBuilders(): Builders {
  return {
    // With a draft open, the call answers that one (created: false).
    'version.create': { build: (s) => ({ body: { appId: s.a.app.appId } }) },
    'version.get': { build: (s) => ({ query: { appId: s.a.app.appId, versionId: s.a.draftVersionId } }) },
    'version.history': { build: (s) => ({ query: { appId: s.a.app.appId, versionId: s.a.draftVersionId } }) },
    'version.phasedReleaseHistory': { build: (s) => ({ query: { appId: s.a.app.appId, versionId: s.a.onShelfVersionId } }) },
    'version.downloadStats': { build: (s) => ({ query: { appId: s.a.app.appId, from: '2026-01-01', to: '2026-12-31' } }) },
    'version.update': { build: (s) => ({ body: { appId: s.a.app.appId, versionId: s.a.draftVersionId, reviewNotes: s.marker } }) },
    'version.list': { build: (s) => ({ query: { appId: s.a.app.appId, withTotal: 'true', pageSize: 100 } }) },
    'version.historyList': { build: (s) => ({ query: { appId: s.a.app.appId, withTotal: 'true', pageSize: 100 } }) },
    'version.lastOnShelf': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'version.preparing': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'version.delete': { build: async (s) => ({ query: ref(await s.fresh.draft()) }) },
    'version.deleteLanguage': {
      build: async (s) => {
        const v = await s.fresh.draft();
        await ok(await s.a.holder.call(versionApi.updateVersion, { body: { ...ref(v), listings: [fullListing('zhCN')] } }), 'second language');
        return { query: { ...ref(v), language: 'zhCN' } };
      },
    },
    'version.submit': { build: async (s) => ({ body: ref(await s.fresh.draft()) }) },
    'version.cancelOnShelf': { build: async (s) => ({ body: ref(await s.fresh.submitted()) }) },
    'version.urge': { build: async (s) => ({ body: ref(await s.fresh.submitted()) }) },
    'version.onShelfTime': { build: async (s) => ({ body: { ...ref(await waiting(s)), now: true } }) },
    'version.shelfOff': { build: async (s) => ({ body: { ...ref(await s.fresh.onShelf()), reason: 'Matrix retires it' } }) },
    'version.cancelShelfOff': {
      build: async (s) => {
        const v = await s.fresh.onShelf();
        await ok(await s.a.holder.call(versionApi.shelfOff, { body: { ...ref(v), reason: 'Matrix retires it' } }), 'shelf-off request');
        return { body: ref(v) };
      },
    },
    'version.rollback': { build: async (s) => ({ body: { ...ref(await twiceReleased(s)), reason: 'Matrix rolls back' } }) },
    'version.rollbackCancel': {
      build: async (s) => {
        const v = await twiceReleased(s);
        await ok(await s.a.holder.call(versionApi.rollback, { body: { ...ref(v), reason: 'Matrix rolls back' } }), 'rollback request');
        return { query: ref(v) };
      },
    },
    'version.phasedRelease': {
      build: async (s) => {
        const v10 = await s.fresh.onShelf();
        const v11 = await completeVersion(s.t, s.a.holder, v10.appId, 11);
        const r = { appId: v10.appId, versionId: v11.versionId };
        await ok(await s.a.holder.call(versionApi.updateVersion, { body: { ...r, releaseType: 'phased' } }), 'phased');
        const now = s.t.clock.now().getTime();
        return { body: { ...r, state: 'UPDATE', percent: 10, startAt: new Date(now).toISOString(), endAt: new Date(now + 30 * DAY).toISOString(), description: 'Matrix rollout' } };
      },
    },
    'review.queue': { build: () => ({ body: { pageSize: 100 } }) },
    'review.task': { build: async (s) => ({ query: { taskId: await openTaskOf(s.t, (await s.fresh.submitted()).versionId) } }) },
    'review.submit': { build: async (s) => ({ body: { taskId: await openTaskOf(s.t, (await s.fresh.submitted()).versionId), decision: 'approve' } }) },
    'distribution.updateCheck': {
      build: () => ({ query: { packageName: 'com.dhruv.tipsy', versionCode: 1, deviceId: 'matrix-device', country: 'DE' } }),
      reveals: (s) => ({ values: [s.a.onShelfVersionId], why: 'the on-shelf version is what devices are offered' }),
    },
    'distribution.storeApp': {
      build: (s) => ({ params: { appId: s.a.app.appId }, query: { language: 'enUS' } }),
      reveals: (s) => ({ values: [s.a.app.appId, s.a.onShelfVersionId], why: "an on-shelf app's store page is public" }),
    },
    'distribution.storeImage': {
      build: async (s) => {
        const shelf = (await s.a.holder.call(versionApi.getVersion, { query: { appId: s.a.app.appId, versionId: s.a.onShelfVersionId } })).json().version;
        return { params: { versionId: s.a.onShelfVersionId, objectId: shelf.listings[0].iconObjectId as string } };
      },
    },
    'distribution.download': {
      build: (s) => ({ params: { versionId: s.a.onShelfVersionId }, query: { deviceId: 'matrix-device', country: 'DE' } }),
      reveals: (s) => ({ values: [s.a.onShelfVersionId], why: 'the on-shelf version is public' }),
    },
  };
}
