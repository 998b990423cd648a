import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, newApp, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const DAY = 24 * 3600_000;
const today = () => t.clock.now().toISOString().slice(0, 10);
const download = (versionId: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId }), query, headers });

describe('download counts of an app', () => {
  it('counts real downloads through the device route per day, version and country', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v1 = await released(t, u, op, app.appId, 10);
    const day1 = today();
    expect((await download(v1.versionId, { deviceId: 'a', country: 'DE' })).statusCode).toBe(200);
    expect((await download(v1.versionId, { deviceId: 'b', country: 'DE' })).statusCode).toBe(200);
    expect((await download(v1.versionId, { deviceId: 'c' }, { 'accept-language': 'zh-CN' })).statusCode).toBe(200);
    // A resumed download (not from byte 0) is the same download.
    expect((await download(v1.versionId, { deviceId: 'c' }, { range: 'bytes=100-' })).statusCode).toBe(206);
    t.clock.advance(DAY);
    // A day later the sessions have expired.
    await u.login();
    await op.login();
    const v2 = await released(t, u, op, app.appId, 11);
    const day2 = today();
    expect((await download(v2.versionId, { deviceId: 'a', country: 'DE' })).statusCode).toBe(200);
    expect((await download(v2.versionId, {})).statusCode).toBe(200);
    const res = await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: day1, to: day2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ret: { code: 0, msg: 'success' },
      from: day1,
      to: day2,
      total: 5,
      versions: [
        { versionId: v2.versionId, versionCode: 11, versionName: '1.0.11', total: 2 },
        { versionId: v1.versionId, versionCode: 10, versionName: '1.0.10', total: 3 },
      ],
      days: [
        { day: day1, versionId: v1.versionId, count: 3 },
        { day: day2, versionId: v2.versionId, count: 2 },
      ],
      countries: [
        { country: 'DE', count: 3 },
        { country: 'CN', count: 1 },
        { country: 'ZZ', count: 1 },
      ],
    });
    // The range bounds the answer: the second day alone.
    const second = (await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: day2, to: day2 } })).json();
    expect(second).toMatchObject({ total: 2, versions: [{ versionId: v2.versionId, total: 2 }], days: [{ day: day2, count: 2 }] });
  });

  it('answers an empty range with nothing, and refuses reversed or too long ranges', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const empty = (await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: '2020-01-01', to: '2020-01-31' } })).json();
    expect(empty).toMatchObject({ total: 0, versions: [], days: [], countries: [] });
    const reversed = await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: '2020-02-01', to: '2020-01-31' } });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().ret.msg).toBe('"from" must not be after "to"');
    const long = await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: '2020-01-01', to: '2021-12-31' } });
    expect(long.statusCode).toBe(400);
    expect((await u.call(versionApi.downloadStats, { query: { appId: app.appId, from: '2020-13-01', to: '2020-12-31' } })).statusCode).toBe(400);
  });

  it("is the team's own: another team gets 404, a member with read permission may read", async () => {
    const { holder, member } = await teamWithMember(t, ['operations']);
    const app = await newApp(holder);
    const q = { appId: app.appId, from: '2020-01-01', to: '2020-01-02' };
    expect((await member.call(versionApi.downloadStats, { query: q })).statusCode).toBe(200);
    const stranger = await TestUser.register(t);
    expect((await stranger.call(versionApi.downloadStats, { query: q })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: versionApi.downloadStats.fullPath, query: q })).statusCode).toBe(401);
  });
});
