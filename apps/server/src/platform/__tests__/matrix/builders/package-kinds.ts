import { randomBytes } from 'node:crypto';
import { sampleBytes } from '../../../../harness';
import { versionApi } from '@wharf/contract';
import { openTaskOf, parsedPackage } from '../../../../harness/scenarios';
import type { Seed } from '../seed';
import type { Builders } from '../types';

async function ok(res: { statusCode: number; body: string }, what: string): Promise<void> {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
}

/** A fresh app of A on this platform with a draft and a parsed package of this kind. */
async function draftWith(s: Seed, platform: string, kind: string, versionCode: number | null) {
  const app = await s.fresh.app(platform);
  const created = await s.a.holder.call(versionApi.createVersion, { body: { appId: app.appId } });
  await ok(created, 'draft');
  const { pkgId } = await parsedPackage(s.t, s.a.holder, app.appId, versionCode, sampleBytes('zip', 512), { kind, fileName: `matrix.${kind}` });
  return { appId: app.appId, versionId: created.json().version.versionId as string, pkgId };
}

/** A draft of A's fresh Android app with an APK and a main OBB of it. */
async function withObb(s: Seed) {
  const d = await s.fresh.draft();
  const { pkgId: main } = await parsedPackage(s.t, s.a.holder, d.appId, 10, randomBytes(512), { kind: 'obb', fileName: `main.10.${d.packageName}.obb` });
  return { appId: d.appId, versionId: d.versionId, main };
}

const inStore: string[] = [];

/** Every app in the store now (the builders before these released some) and the versions it shows: public, as the feed and the front page list them. */
async function noteWhatIsInStore(s: Seed): Promise<void> {
  const { rows } = await s.t.deps.database.executeSql(`select v.app_id, v.id from app_versions v join apps a on a.id = v.app_id where a.listed and v.on_shelf_at is not null`);
  inStore.splice(0, inStore.length, ...(rows as Array<{ app_id: string; id: string }>).flatMap((r) => [r.app_id, r.id]));
}

/** The distribution family's own calls: packages by kind, expansion file downloads, the app at a glance. */
export function packageKindsBuilders(): Builders {
  return {
    'distribution.packageApk': { build: async (s) => ({ body: await draftWith(s, 'android', 'apk', 3) }) },
    'distribution.packageRpk': { build: async (s) => ({ body: await draftWith(s, 'quickapp', 'rpk', 3) }) },
    'distribution.packageWpk': { build: async (s) => ({ body: await draftWith(s, 'watch', 'wpk', 3) }) },
    'distribution.packageExe': { build: async (s) => ({ body: { ...(await draftWith(s, 'pc', 'exe', null)), versionCode: 3 } }) },
    'distribution.packageObb': {
      build: async (s) => {
        const { appId, versionId, main } = await withObb(s);
        return { body: { appId, versionId, main, patch: null } };
      },
    },
    'distribution.packageNone': {
      build: async (s) => {
        const app = await s.fresh.app();
        const created = await s.a.holder.call(versionApi.createVersion, { body: { appId: app.appId } });
        await ok(created, 'draft');
        return { body: { appId: app.appId, versionId: created.json().version.versionId, noPackage: true } };
      },
    },
    'distribution.app': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'distribution.service': { build: () => ({}) },
    'distribution.allianceApps': {
      build: async (s) => {
        await noteWhatIsInStore(s);
        return { query: { pageSize: 100 } };
      },
      reveals: () => ({ values: inStore, why: 'apps in the store are public, with the version every device gets' }),
    },
    'distribution.storeIndex': {
      build: async (s) => {
        await noteWhatIsInStore(s);
        return { query: { pageSize: 48 } };
      },
      reveals: () => ({ values: inStore, why: "the store's front page lists the apps in the store" }),
    },
    'distribution.downloadExpansion': {
      build: async (s) => {
        const { appId, versionId, main } = await withObb(s);
        await ok(await s.a.holder.call(versionApi.packageObb, { body: { appId, versionId, main, patch: null } }), 'expansion file');
        await ok(await s.a.holder.call(versionApi.submitVersion, { body: { appId, versionId } }), 'submit');
        await s.op.login();
        await ok(await s.op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(s.t, versionId), decision: 'approve' } }), 'approve');
        s.secrets.push(versionId);
        return { params: { versionId, slot: 'main' } };
      },
    },
  };
}
