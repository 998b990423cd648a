import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { buildApk, buildHap, makeSigner, stageModuleJson } from '../../packages/testing';
import { appWithOperator, newApp, released } from '../../../harness/scenarios';
import { agcTime, CiClient } from './ci-client';

// A HarmonyOS app published the v3 way its tools use: the upload URL of v2, then
// app-package-info, compile status and app-submit under /api/publish/v3 with the fields in the body.
let t: TestApp;
let op: TestUser;
let u: TestUser;
let ci: CiClient;

beforeAll(async () => {
  ({ t, op } = await appWithOperator({ WHARF_JOBS: 'on' }));
  u = await TestUser.register(t);
  ci = await CiClient.of(t, u, 'publishing');
}, 60_000);
afterAll(() => t.close());

async function harmonyUpdate() {
  const app = await newApp(u, { platform: 'harmony' });
  await released(t, u, op, app.appId, 10);
  const hap = buildHap(stageModuleJson({ bundleName: app.packageName, versionCode: 20 }));
  const { urlInfo, put } = await ci.upload(app.appId, 'entry-default-signed.hap', hap);
  expect(put.statusCode, put.body).toBe(200);
  return { app, objectId: urlInfo.objectId };
}

describe('the Publishing API v3 for HarmonyOS', () => {
  it('attaches a .hap with app-package-info and submits it with the v3 body, registered ID and all', async () => {
    const { app, objectId } = await harmonyUpdate();
    const bound = await ci.call('PUT', '/api/publish/v3/app-package-info', { appId: app.appId, releaseType: 1, releasePhase: 0 }, { fileName: 'entry-default-signed.hap', objectId });
    expect(bound.statusCode, bound.body).toBe(200);
    const { packageId } = bound.json() as { packageId: string };
    expect((await ci.compiled(app.appId, packageId, '/api/publish/v3/package/compile/status')).successStatus).toBe(0);

    const at = new Date(t.clock.now().getTime() + 2 * 86_400_000);
    const submitted = await ci.call('POST', '/api/publish/v3/app-submit', { appId: app.appId }, { remark: 'Bug fixes for tablets', releaseTime: agcTime(at), registeredIdType: 1, registeredIdNumber: '京ICP备12345678号' });
    expect(submitted.json(), submitted.body).toEqual({ ret: { code: 0, msg: 'success' } });
    const version = (await u.call(versionApi.preparingVersion, { query: { appId: app.appId } })).json().version;
    expect(version).toMatchObject({ releaseState: 5, pkgId: packageId, versionCode: 20, releaseAt: at.toISOString() });
    expect(version.reviewNotes).toBe('Bug fixes for tablets\nRegistered ID (type 1): 京ICP备12345678号');
  });

  it('refuses a phased package phase, a registered ID without its type, and an APK for a HarmonyOS app', async () => {
    const { app, objectId } = await harmonyUpdate();
    const phase = await ci.call('PUT', '/api/publish/v3/app-package-info', { appId: app.appId, releasePhase: 3 }, { fileName: 'entry.hap', objectId });
    expect(phase.statusCode).toBe(400);
    expect(phase.json().ret.msg).toContain('releasePhase');
    const packageId = (await ci.call('PUT', '/api/publish/v3/app-package-info', { appId: app.appId }, { fileName: 'entry.hap', objectId })).json().packageId as string;
    expect((await ci.compiled(app.appId, packageId)).successStatus).toBe(0);
    const half = await ci.call('POST', '/api/publish/v3/app-submit', { appId: app.appId }, { registeredIdNumber: '京ICP备12345678号' });
    expect(half.statusCode).toBe(400);
    expect(half.json().ret.msg).toContain('registeredIdType');
    expect((await u.call(versionApi.preparingVersion, { query: { appId: app.appId } })).json().version.releaseState).toBe(7);

    const apk = buildApk({ manifest: { packageName: app.packageName, versionCode: 30, versionName: '3.0', minSdk: 24, targetSdk: 33 }, v2: [makeSigner('Wrong Platform')] });
    const { urlInfo } = await ci.upload(app.appId, 'app.apk', apk);
    const wrong = (await ci.call('PUT', '/api/publish/v3/app-package-info', { appId: app.appId }, { fileName: 'app.apk', objectId: urlInfo.objectId })).json().packageId as string;
    const failed = await ci.compiled(app.appId, wrong);
    expect(failed.successStatus).toBe(2);
    expect(failed.failureReason).toContain("does not fit this app's platform");
  });
});
