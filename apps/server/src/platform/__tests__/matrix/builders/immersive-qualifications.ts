import { PNG } from 'pngjs';
import { immersiveApi, qualificationApi, versionApi } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';

async function ok(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
  return res.json() as { taskId: string; task: { taskId: string } };
}

/** A real PNG (the colour call decodes it): a blue block on white. */
function png(): Buffer {
  const p = new PNG({ width: 8, height: 8 });
  for (let i = 0; i < 64; i += 1) p.data.set(i < 24 ? [20, 90, 200, 255] : [255, 255, 255, 255], i * 4);
  return PNG.sync.write(p);
}

const texts = [{ language: 'enUS', title: 'Matrix banner', subtitle: 'Seen by team A only' }];

/** A fresh app of A with an immersive info draft. */
async function withInfo(s: Seed) {
  const app = await s.fresh.app();
  const imageObjectId = await s.fresh.upload(png(), 'banner.png', 'image/png');
  await ok(await s.a.holder.call(immersiveApi.createImmersiveInfo, { body: { appId: app.appId, imageObjectId, texts } }), 'immersive info');
  return { appId: app.appId as string, imageObjectId };
}

async function submitted(s: Seed) {
  const info = await withInfo(s);
  const { taskId } = await ok(await s.a.holder.call(immersiveApi.submitImmersiveAudit, { body: { appId: info.appId } }), 'immersive submit');
  return { ...info, taskId };
}

async function qualification(s: Seed) {
  const app = await s.fresh.app();
  const objectId = await s.fresh.upload(Buffer.from('%PDF-1.4 matrix'), 'licence.pdf', 'application/pdf');
  const { task } = await ok(await s.a.holder.call(qualificationApi.createQualificationTask, { body: { appId: app.appId, kind: 'gameLicence', objectIds: [objectId], remarks: s.marker } }), 'qualification');
  return { appId: app.appId as string, taskId: task.taskId, objectId };
}

/** Immersive info (its colour, its review), qualification review tasks, region names. */
export function immersiveQualificationsBuilders(): Builders {
  return {
    'immersive.imageColor': { build: async (s) => ({ body: { objectId: await s.fresh.upload(png(), 'colour.png', 'image/png') } }) },
    'immersive.get': { build: async (s) => ({ query: { appId: (await withInfo(s)).appId } }) },
    'immersive.create': {
      build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, imageObjectId: await s.fresh.upload(png(), 'banner.png', 'image/png'), texts } }),
    },
    'immersive.update': { build: async (s) => ({ body: { ...(await withInfo(s)), color: '#102030', texts } }) },
    'immersive.delete': { build: async (s) => ({ query: { appId: (await withInfo(s)).appId } }) },
    'immersive.submitAudit': { build: async (s) => ({ body: { appId: (await withInfo(s)).appId } }) },
    'immersive.cancelAudit': { build: async (s) => ({ body: { appId: (await submitted(s)).appId } }) },
    'immersive.reviewQueue': { build: () => ({ query: { state: 'open' } }) },
    'immersive.reviewImage': { build: async (s) => ({ query: { taskId: (await submitted(s)).taskId } }) },
    'immersive.reviewDecide': { build: async (s) => ({ body: { taskId: (await submitted(s)).taskId, decision: 'approve' } }) },

    'region.names': { build: () => ({ query: { lang: 'ru' } }) },
    'region.namesV2': {
      build: async (s) => {
        const app = await s.fresh.app();
        await ok(await s.a.holder.call(versionApi.createVersion, { body: { appId: app.appId } }), 'draft');
        return { query: { appId: app.appId } };
      },
    },

    'qualification.create': {
      build: async (s) => ({ body: { appId: (await s.fresh.app()).appId, kind: 'icpFiling', objectIds: [await s.fresh.upload(Buffer.from('%PDF-1.4'), 'icp.pdf', 'application/pdf')], remarks: s.marker } }),
    },
    'qualification.update': { build: async (s) => ({ body: { ...(({ appId, taskId }) => ({ appId, taskId }))(await qualification(s)), remarks: s.marker } }) },
    'qualification.get': { build: async (s) => ({ query: (({ appId, taskId }) => ({ appId, taskId }))(await qualification(s)) }) },
    'qualification.list': { build: async (s) => ({ query: { appId: (await qualification(s)).appId, pageSize: 100 } }) },
    'qualification.cancel': { build: async (s) => ({ body: (({ appId, taskId }) => ({ appId, taskId }))(await qualification(s)) }) },
    'qualification.delete': {
      build: async (s) => {
        const q = await qualification(s);
        await ok(await s.a.holder.call(qualificationApi.cancelQualificationTask, { body: { appId: q.appId, taskId: q.taskId } }), 'cancel qualification');
        return { query: { appId: q.appId, taskId: q.taskId } };
      },
    },
    'qualification.status': { build: async (s) => ({ body: { taskId: (await qualification(s)).taskId, status: 'approved' } }) },
    'qualification.reviewQueue': { build: () => ({ query: { state: 'pending' } }) },
    'qualification.reviewFile': {
      build: async (s) => {
        const q = await qualification(s);
        return { query: { taskId: q.taskId, objectId: q.objectId } };
      },
    },
  };
}
