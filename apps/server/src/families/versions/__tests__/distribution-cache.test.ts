import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, released } from '../../../harness/scenarios';

// With a cache time, device checks are answered from an app's release facts read once;
// a change reaches devices when the time has passed, measured on the app's clock.
let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator({ DISTRIBUTION_CACHE_TTL_MS: '2000' }));
});
afterAll(() => t.close());

const ask = (packageName: string) =>
  t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName, versionCode: '1', deviceId: 'device-c' } });

describe('the update check cache', () => {
  it('answers from facts read once, and sees a release and a removal once the cache time has passed', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    expect((await ask(app.packageName)).json().update).toBeNull();
    const v = await released(t, u, op, app.appId, 10);
    // Still the answer read before the release: the facts are at most 2 s old.
    expect((await ask(app.packageName)).json().update).toBeNull();
    t.clock.advance(2001);
    expect((await ask(app.packageName)).json().update.versionId).toBe(v.versionId);

    // Taken off shelf: devices keep being offered it until the cache time is over, no longer.
    expect((await u.call(versionApi.shelfOff, { body: { appId: app.appId, versionId: v.versionId, reason: 'Retiring' } })).statusCode).toBe(200);
    const decided = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } });
    expect(decided.statusCode, decided.body).toBe(200);
    t.clock.advance(1000);
    expect((await ask(app.packageName)).json().update?.versionId).toBe(v.versionId);
    t.clock.advance(1001);
    expect((await ask(app.packageName)).json().update).toBeNull();
  });

  it('serves a download from facts read once, from the moment the version is on shelf, and stops once the cache time has passed', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const download = (versionId: string) => t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId }), query: { deviceId: 'device-d' } });
    const v = await completeVersion(t, u, app.appId, 10);
    // Not on shelf yet: refused, and the refusal is not kept.
    expect((await download(v.versionId)).statusCode).toBe(404);
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: v.versionId } })).statusCode).toBe(200);
    expect((await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } })).statusCode).toBe(200);
    expect((await download(v.versionId)).statusCode).toBe(200);

    expect((await u.call(versionApi.shelfOff, { body: { appId: app.appId, versionId: v.versionId, reason: 'Retiring' } })).statusCode).toBe(200);
    expect((await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v.versionId), decision: 'approve' } })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await download(v.versionId)).statusCode).toBe(200);
    t.clock.advance(1001);
    expect((await download(v.versionId)).statusCode).toBe(404);
  });
});
