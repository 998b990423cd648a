import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, testingApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { buildApk, makeSigner } from '../../packages/testing';
import { appWithOperator, newApp, openTaskOf, released } from '../../../harness/scenarios';
import { group } from '../../testing/__tests__/helpers';
import { agcTime, CiClient } from './ci-client';

// A CI job as its authors write it against AppGallery Connect: an API client made in the
// console, then only the documented Connect API, from the token to a paused phased release.
let t: TestApp;
let op: TestUser;
let u: TestUser;
let app: { appId: string; packageName: string };
let ci: CiClient;
const signer = makeSigner('CI Release Key');
const apk = (packageName: string, versionCode: number) => buildApk({ manifest: { packageName, versionCode, versionName: `${versionCode / 10}.0`, minSdk: 24, targetSdk: 33 }, v2: [signer] });

const clientOf = (who: TestUser, role: 'publishing' | 'reports' | 'administrator', projectId: string | null = null) => CiClient.of(t, who, role, projectId);

beforeAll(async () => {
  ({ t, op } = await appWithOperator({ WHARF_JOBS: 'on' }));
  u = await TestUser.register(t);
  app = await newApp(u);
  await released(t, u, op, app.appId, 10);
  ci = await clientOf(u, 'publishing');
}, 60_000);
afterAll(() => t.close());

describe('the Publishing API from CI', () => {
  it('finds app IDs from the instance index, which follows a new app, a changed package name and a deletion at once', async () => {
    const ids = async (names: string[]) => (await ci.call('GET', '/appid-list', { packageName: names.join(',') })).json().appids as Array<{ key: string; value: string }>;
    const made = await newApp(u);
    // Asked before and after each change, so a kept answer would show.
    expect(await ids([made.packageName])).toEqual([{ key: made.packageName, value: made.appId }]);
    const renamed = `${made.packageName}.next`;
    expect((await u.call(appApi.changePackageName, { body: { appId: made.appId, packageName: renamed } })).statusCode).toBe(200);
    expect(await ids([made.packageName, renamed])).toEqual([{ key: renamed, value: made.appId }]);
    expect((await u.call(appApi.deleteApp, { query: { appId: made.appId } })).statusCode).toBe(200);
    expect(await ids([renamed])).toEqual([]);
    const another = await newApp(u);
    expect(await ids([another.packageName, another.packageName])).toEqual([{ key: another.packageName, value: another.appId }]);
  });

  it('publishes an update: app ID, upload, attach, texts in two languages, a 10 % phased release, then pauses it', async () => {
    const ids = (await ci.call('GET', '/appid-list', { packageName: `${app.packageName},com.nobody.here` })).json();
    expect(ids).toEqual({ ret: { code: 0, msg: 'success' }, appids: [{ key: app.packageName, value: app.appId }] });
    const appId = ids.appids[0].value as string;

    const { urlInfo, put } = await ci.upload(appId, 'app-release.apk', apk(app.packageName, 20));
    expect(urlInfo.url).toMatch(/^http:\/\/[^/]+\/agc\/edge\//);
    expect(urlInfo.method).toBe('PUT');
    expect(put.statusCode, put.body).toBe(200);
    const attached = await ci.call('PUT', '/app-file-info', { appId }, { fileType: 5, files: [{ fileName: 'app-release.apk', fileDestUrl: urlInfo.objectId }] });
    expect(attached.statusCode, attached.body).toBe(200);
    const [pkgId] = attached.json().pkgVersion as string[];
    expect(await ci.compiled(appId, pkgId!)).toEqual({ pkgId, successStatus: 0 });

    expect((await ci.call('PUT', '/app-language-info', { appId }, { lang: 'en-US', newFeatures: 'Faster sync' })).json().ret.code).toBe(0);
    const ru = { lang: 'ru-RU', appName: 'Типси', appDesc: 'Советы на каждый день.', briefInfo: 'Советы', newFeatures: 'Быстрее' };
    expect((await ci.call('PUT', '/app-language-info', { appId }, ru)).json().ret.code).toBe(0);
    const info = (await ci.call('GET', '/app-info', { appId })).json();
    expect(info.appInfo).toMatchObject({ releaseState: 7, defaultLang: 'en-US', packageName: app.packageName, versionCode: 20, versionNumber: '2.0' });
    expect(info.languages).toEqual(expect.arrayContaining([expect.objectContaining({ lang: 'en-US', newFeatures: 'Faster sync' }), ru]));

    const start = t.clock.now();
    const submitted = await ci.call('POST', '/app-submit', { appId, releaseType: 3 }, {
      phasedReleaseStartTime: agcTime(start),
      phasedReleaseEndTime: agcTime(new Date(start.getTime() + 3 * 86_400_000)),
      phasedReleasePercent: '10.00',
      phasedReleaseDescription: 'Canary',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const again = await ci.call('POST', '/app-submit', { appId });
    expect(again.statusCode, again.body).toBe(409);

    // The console shows what CI did: in review, with its package and texts.
    const preparing = (await u.call(versionApi.preparingVersion, { query: { appId } })).json().version;
    expect(preparing).toMatchObject({ releaseState: 5, releaseType: 'phased', pkgId, versionCode: 20 });
    expect(preparing.listings.find((l: { language: string }) => l.language === 'ruRU')).toMatchObject({ name: 'Типси', brief: 'Советы' });
    const approved = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, preparing.versionId), decision: 'approve' } });
    expect(approved.statusCode, approved.body).toBe(200);

    // Devices get it by the phased rules: about a tenth of them.
    const devices = Array.from({ length: 300 }, (_, i) => `ci-device-${i}`);
    const offered = await Promise.all(devices.map(async (deviceId) => (await t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName: app.packageName, versionCode: '1', deviceId } })).json().update?.versionCode as number));
    const newer = offered.filter((code) => code === 20).length;
    expect(newer).toBeGreaterThan(5);
    expect(newer).toBeLessThan(70);
    expect(offered.filter((code) => code === 10).length).toBe(300 - newer);

    const paused = await ci.call('PUT', '/phased-release', { appId }, { state: 'SUSPEND' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().phasedReleaseInfo).toMatchObject({ state: 'SUSPEND', phasedReleasePercent: '10.00', phasedReleaseDescription: 'Canary' });
    // Resumed at the other path clients use, which names the release type in the query.
    const resumed = await ci.call('PUT', '/phased-release/state', { appId, releaseType: 3 }, { state: 'RELEASE' });
    expect(resumed.json().phasedReleaseInfo, resumed.body).toMatchObject({ state: 'RELEASE', phasedReleasePercent: '10.00' });
    const audit = await t.deps.database.executeSql(`select action from audit_events where actor_kind = 'api-client' and actor_id = $1 order by id`, [ci.clientId]);
    expect((audit.rows as Array<{ action: string }>).map((r) => r.action)).toEqual(expect.arrayContaining(['file.uploadUrl', 'file.upload', 'package.add', 'version.create', 'version.edit', 'version.submit', 'version.phased.SUSPEND', 'version.phased.RESUME']));
  });

  it('makes a test version of an uploaded build for a test-user group and submits it for review', async () => {
    const beta = await newApp(u);
    const testers = await group(u);
    const { urlInfo } = await ci.upload(beta.appId, 'beta.apk', apk(beta.packageName, 30));
    const pkgId = (await ci.call('PUT', '/app-file-info', { appId: beta.appId }, { fileType: 5, files: [{ fileName: 'beta.apk', fileDestUrl: urlInfo.objectId }] })).json().pkgVersion[0] as string;
    expect((await ci.compiled(beta.appId, pkgId)).successStatus).toBe(0);
    const now = t.clock.now().getTime();
    const made = await ci.call('POST', '/test/app/version', { appId: beta.appId }, { versionName: 'Beta 3', pkgId, testGroupIds: [testers.groupId], startTime: agcTime(new Date(now + 3_600_000)), endTime: agcTime(new Date(now + 8 * 86_400_000)) });
    expect(made.statusCode, made.body).toBe(200);
    const testVersion = made.json().testVersion as { testVersionId: string; state: string; versionCode: number };
    expect(testVersion).toMatchObject({ state: 'draft', versionCode: 30 });
    const longer = await ci.call('PUT', '/test/app/version', { appId: beta.appId }, { testVersionId: testVersion.testVersionId, installLimit: 500 });
    expect(longer.json().testVersion).toMatchObject({ installCap: 500 });
    const submitted = await ci.call('POST', '/test/app/version/submit', { appId: beta.appId }, { testVersionId: testVersion.testVersionId });
    expect(submitted.json().testVersion).toMatchObject({ state: 'underReview' });
    const listed = (await u.call(testingApi.testVersionList, { body: { appId: beta.appId } })).json().items;
    expect(listed).toEqual([expect.objectContaining({ testVersionId: testVersion.testVersionId, name: 'Beta 3', state: 'underReview' })]);
    const refused = await ci.call('POST', '/test/app/version/submit', { appId: beta.appId }, { testVersionId: testVersion.testVersionId });
    expect(refused.statusCode).toBe(409);
  });
});
