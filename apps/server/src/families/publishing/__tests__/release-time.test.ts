import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { buildApk, makeSigner } from '../../packages/testing';
import { appWithOperator, newApp, openTaskOf, released } from '../../../harness/scenarios';
import { agcTime, CiClient } from './ci-client';

// A release set for a time from CI (the marketing date), then moved, then brought forward to
// now: on-shelf-time, as AppGallery Connect's clients call it.
let t: TestApp;
let op: TestUser;
let u: TestUser;
let ci: CiClient;
const signer = makeSigner('Release Time Key');
const apk = (packageName: string, versionCode: number) => buildApk({ manifest: { packageName, versionCode, versionName: `${versionCode / 10}.0`, minSdk: 24, targetSdk: 33 }, v2: [signer] });
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, op } = await appWithOperator({ WHARF_JOBS: 'on' }));
  u = await TestUser.register(t);
  ci = await CiClient.of(t, u, 'publishing');
}, 60_000);
afterAll(() => t.close());

/** An app on shelf with an update submitted from CI for a release time two days ahead, then approved. */
async function waitingUpdate() {
  const app = await newApp(u);
  await released(t, u, op, app.appId, 10);
  const { urlInfo } = await ci.upload(app.appId, 'app.apk', apk(app.packageName, 20));
  const pkgId = (await ci.call('PUT', '/app-file-info', { appId: app.appId }, { fileType: 5, files: [{ fileName: 'app.apk', fileDestUrl: urlInfo.objectId }] })).json().pkgVersion[0] as string;
  expect((await ci.compiled(app.appId, pkgId)).successStatus).toBe(0);
  const at = new Date(t.clock.now().getTime() + 2 * DAY);
  const submitted = await ci.call('POST', '/app-submit', { appId: app.appId, releaseTime: agcTime(at) });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const versionId = (await u.call(versionApi.preparingVersion, { query: { appId: app.appId } })).json().version.versionId as string;
  expect((await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, versionId), decision: 'approve' } })).statusCode).toBe(200);
  return { ...app, versionId, at };
}

const versionOf = async (appId: string, versionId: string) => (await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version as { releaseState: number; releaseAt: string | null };

describe('on-shelf-time from CI', () => {
  it('moves the release time of an approved update, then releases it at once', async () => {
    const app = await waitingUpdate();
    expect(await versionOf(app.appId, app.versionId)).toMatchObject({ releaseState: 3, releaseAt: app.at.toISOString() });

    const later = new Date(app.at.getTime() + DAY);
    const moved = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 3, releaseTime: agcTime(later), releaseType: 1 });
    expect(moved.json(), moved.body).toEqual({ ret: { code: 0, msg: 'success' } });
    expect(await versionOf(app.appId, app.versionId)).toMatchObject({ releaseState: 3, releaseAt: later.toISOString() });

    // Clients send releaseTime with changeType 2 as well (the documentation marks it mandatory).
    const now = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 2, releaseTime: agcTime(later), releaseType: 1 });
    expect(now.statusCode, now.body).toBe(200);
    expect((await versionOf(app.appId, app.versionId)).releaseState).toBe(0);
    const audit = await t.deps.database.executeSql(`select action from audit_events where actor_kind = 'api-client' and actor_id = $1 and action like 'version.%' order by id`, [ci.clientId]);
    expect((audit.rows as Array<{ action: string }>).map((r) => r.action)).toEqual(expect.arrayContaining(['version.changeReleaseTime', 'version.releaseNow']));
  });

  it('refuses with the reason: nothing waiting, the wrong release type, no time, a time in the past, a reports client', async () => {
    const idle = await newApp(u);
    await released(t, u, op, idle.appId, 10);
    const none = await ci.call('PUT', '/on-shelf-time', { appId: idle.appId }, { changeType: 2, releaseType: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json().ret.msg).toBe('The app has no approved version waiting for its release time');

    const app = await waitingUpdate();
    const phased = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 2, releaseType: 3 });
    expect(phased.statusCode).toBe(409);
    expect(phased.json().ret.msg).toContain('releaseType 3');
    const noTime = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 3, releaseType: 1 });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().ret.msg).toContain('releaseTime');
    const past = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 3, releaseTime: agcTime(new Date(t.clock.now().getTime() - DAY)), releaseType: 1 });
    expect(past.statusCode).toBe(400);
    const badType = await ci.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 1, releaseType: 1 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().ret.msg).toContain('changeType');
    const reports = await CiClient.of(t, u, 'reports');
    expect((await reports.call('PUT', '/on-shelf-time', { appId: app.appId }, { changeType: 2, releaseType: 1 })).statusCode).toBe(403);
    expect(await versionOf(app.appId, app.versionId)).toMatchObject({ releaseState: 3, releaseAt: app.at.toISOString() });
  });
});
