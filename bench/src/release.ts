import fs from 'node:fs/promises';
import path from 'node:path';
import { NO_CONTENT } from '@wharf/rules';
import { AGREEMENT_IDS, AGREEMENTS, ageRatingApi, agreementApi, appApi, buildPath, fileApi, packageApi, projectApi, versionApi, type Endpoint } from '@wharf/contract';
import { ICON_PNG, SCREENSHOT_PNG } from '../../apps/server/src/harness/sample-bytes';
import { ROOT } from './processes';

/** The real Android App Bundle of the shared fixtures (its package name is com.dhruv.tipsy). */
const AAB = path.resolve(ROOT, '..', 'shared', 'fixtures', 'packages', 'tipsy-release.aab');

export type Json = Record<string, unknown>;

export async function call(base: string, headers: Record<string, string>, e: Endpoint, o: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown; raw?: Buffer } = {}): Promise<Json> {
  const url = new URL(`${base}${buildPath(e, o.params)}`);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, {
    method: e.method,
    headers: { ...headers, ...(o.raw ? { 'content-type': 'application/octet-stream' } : o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(o.raw ? { body: o.raw } : o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`bench setup: ${e.id} answered ${res.status} ${JSON.stringify(json.ret)}`);
  return json;
}

export async function upload(base: string, headers: Record<string, string>, fileName: string, contentType: string, bytes: Buffer): Promise<string> {
  const res = await call(base, headers, fileApi.uploadObject, { query: { fileName, contentType }, raw: bytes });
  return (res.object as { objectId: string }).objectId;
}

/**
 * Puts a real app on shelf through the API, as a developer would: project, app, the AAB
 * uploaded and parsed in the background, a complete listing, submitted (the bench server
 * runs with AUTO_APPROVE, so approval follows at once). Answers the update-check address,
 * the app and the released version.
 */
export interface Released {
  checkUrl: string;
  downloadUrl: string;
  appId: string;
  projectId: string;
  versionId: string;
  /** The store page's age rating of the app (declared by the questionnaire). */
  ageRatingUrl: string;
}

export async function releasedApp(base: string, headers: Record<string, string>): Promise<Released> {
  const project = (await call(base, headers, projectApi.createProject, { body: { name: 'Bench' } })).project as { projectId: string };
  const app = (await call(base, headers, appApi.createApp, {
    body: { projectId: project.projectId, platform: 'android', name: 'Tipsy bench', packageName: 'com.dhruv.tipsy', category: 'app', defaultLanguage: 'enUS' },
  })).app as { appId: string; packageName: string };
  const objectId = await upload(base, headers, 'tipsy-release.aab', 'application/octet-stream', await fs.readFile(AAB));
  const pkg = (await call(base, headers, packageApi.addPackage, { body: { appId: app.appId, objectId } })).package as { pkgId: string };
  for (let i = 0; ; i += 1) {
    const state = await call(base, headers, packageApi.packageState, { query: { appId: app.appId, pkgId: pkg.pkgId } });
    if (state.parseState === 0) break;
    if (state.parseState === 2 || i > 300) throw new Error(`bench setup: the package did not parse (${String(state.failureReason)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const iconObjectId = await upload(base, headers, 'icon.png', 'image/png', ICON_PNG);
  const screenshotObjectIds = [await upload(base, headers, 's1.png', 'image/png', SCREENSHOT_PNG), await upload(base, headers, 's2.png', 'image/png', SCREENSHOT_PNG), await upload(base, headers, 's3.png', 'image/png', SCREENSHOT_PNG)];
  // Declared before the first release (it takes effect at once): the store page shows it.
  await call(base, headers, ageRatingApi.saveAgeRating, { body: { appId: app.appId, answers: NO_CONTENT } });
  const version = (await call(base, headers, versionApi.createVersion, { body: { appId: app.appId } })).version as { versionId: string };
  const ref = { appId: app.appId, versionId: version.versionId };
  await call(base, headers, versionApi.updateVersion, {
    body: { ...ref, pkgId: pkg.pkgId, countries: ['CN', 'DE'], ageRating: '3+', listings: [{ language: 'enUS', name: 'Tipsy', brief: 'Tips for everyone', description: 'Splits the bill.', newFeatures: 'Faster', iconObjectId, screenshotObjectIds }] },
  });
  // The bench team's account holder signs what submitting needs, as a new team does.
  for (const agreementId of AGREEMENT_IDS) await call(base, headers, agreementApi.signAgreement, { body: { agreementId, version: AGREEMENTS[agreementId].version } });
  await call(base, headers, versionApi.submitVersion, { body: ref });
  const check = new URL(`${base}${buildPath(versionApi.updateCheck)}`);
  for (const [k, v] of Object.entries({ packageName: app.packageName, versionCode: '0', deviceId: 'bench-device-1', country: 'DE' })) check.searchParams.set(k, v);
  const answer = (await (await fetch(check)).json()) as { update: { downloadUrl: string } | null };
  if (!answer.update) throw new Error('bench setup: the released version is not offered to devices');
  return { checkUrl: check.toString(), downloadUrl: new URL(answer.update.downloadUrl, base).toString(), appId: app.appId, projectId: project.projectId, versionId: version.versionId, ageRatingUrl: `${base}${buildPath(ageRatingApi.storeAgeRatingOf, { appId: app.appId })}` };
}
