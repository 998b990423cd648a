import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testingApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, newApp, released } from '../../../harness/scenarios';
import { anonymous, DAY, decideTest, draftTest, group, invitation } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);
let ipSeq = 0;
/** Each test its own address, so the per-address limit stays out of the way. */
const ip = () => `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

async function openTest(over: Record<string, unknown> = {}, maxAdmissions?: number) {
  const u = await TestUser.register(t);
  const app = await newApp(u);
  const g = await group(u);
  const tv = await draftTest(t, u, app.appId, [g.groupId], over);
  await decideTest(t, u, op, app.appId, tv.testVersionId);
  const inv = await invitation(u, g.groupId, maxAdmissions);
  return { u, app, g, tv, inv };
}

function join(code: string, body: Record<string, unknown> = {}, from = ip()) {
  return t.app.inject({ method: 'POST', url: testingApi.openTestJoin.fullPath, payload: { code, ...body }, remoteAddress: from });
}

const check = (packageName: string, testerToken?: string, versionCode = 1) =>
  anonymous(t, versionApi.updateCheck, { query: { packageName, versionCode, deviceId: 'device-1', ...(testerToken ? { testerToken } : {}) } });

describe('the open-test page', () => {
  it('shows what a code leads to, without a session', async () => {
    const { app, inv } = await openTest();
    const res = await anonymous(t, testingApi.openTestInvitation, { query: { code: inv.code.toLowerCase() } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'active', listing: { packageName: app.packageName, tests: [{ name: 'Beta', versionCode: 20, state: 'testing', downloadUrl: null, full: false }] } });
    expect((await anonymous(t, testingApi.openTestInvitation, { query: { code: 'ABCDEFGHJK' } })).statusCode).toBe(404);
    expect((await anonymous(t, testingApi.openTestInvitation, { query: { code: '' } })).statusCode).toBe(400);
  });

  it('joins with a code: a tester token, download links, one admission and an audit event', async () => {
    const { g, u, inv } = await openTest();
    const res = await join(inv.code, { email: 'tess@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { testerToken, listing } = res.json();
    expect(testerToken).toMatch(/^[\w-]{32}$/);
    expect(listing.tests[0].downloadUrl).toContain(`testerToken=${testerToken}`);
    // The same browser again: no second admission.
    expect((await join(inv.code, { testerToken })).json().testerToken).toBe(testerToken);
    const list = (await u.call(testingApi.invitationList, { query: { groupId: g.groupId } })).json().items[0];
    expect(list.admissions).toBe(1);
    const members = (await u.call(testingApi.memberList, { query: { groupId: g.groupId } })).json().items;
    expect(members).toMatchObject([{ email: 'tess@example.com', source: 'invitation' }]);
    expect(members[0].joinedAt).not.toBeNull();
    const { rows } = await sql(`select actor_kind from audit_events where action = 'tester.join' and target_id = $1`, [members[0].testerId]);
    expect(rows).toEqual([{ actor_kind: 'device' }]);
    const { rows: stored } = await sql(`select token_hash from testers where id = $1`, [members[0].testerId]);
    expect((stored[0] as { token_hash: string }).token_hash).not.toContain(testerToken);
  });

  it('refuses expired and full codes in words, and unknown ones as not found', async () => {
    const { inv } = await openTest({}, 1);
    expect((await join(inv.code)).statusCode).toBe(200);
    const full = await join(inv.code);
    expect(full.statusCode).toBe(409);
    expect(full.json().ret.msg).toContain('full');
    expect((await anonymous(t, testingApi.openTestInvitation, { query: { code: inv.code } })).json().state).toBe('full');
    const other = await openTest();
    t.clock.advance(30 * DAY);
    const expired = await join(other.inv.code);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().ret.msg).toContain('expired');
    expect((await join('ZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await join('not a code at all')).statusCode).toBe(404);
  });

  it('slows down guessing: 30 attempts a minute per address', async () => {
    const from = ip();
    for (let i = 0; i < 30; i += 1) expect((await join('ZZZZZZZZZZ', {}, from)).statusCode).toBe(404);
    const limited = await join('ZZZZZZZZZZ', {}, from);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await join('ZZZZZZZZZZ', {}, from)).statusCode).toBe(404);
  });
});

describe('the update check and downloads for testers', () => {
  it('answers the test version for a tester token; a stranger gets the store answer', async () => {
    const { app, inv, tv } = await openTest();
    const { testerToken } = (await join(inv.code)).json();
    expect((await check(app.packageName)).json().update).toBeNull();
    const res = await check(app.packageName, testerToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().update).toMatchObject({ versionId: tv.testVersionId, versionCode: 20, test: true });
    expect((await check(app.packageName, testerToken, 20)).json().update).toBeNull();
    expect((await check(app.packageName, 'someone-elses-token')).json().update).toBeNull();
  });

  it('prefers the store when it offers a newer version', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    await released(t, u, op, app.appId, 30);
    const g = await group(u);
    const tv = await draftTest(t, u, app.appId, [g.groupId], {}, 25);
    await decideTest(t, u, op, app.appId, tv.testVersionId);
    const { testerToken } = (await join((await invitation(u, g.groupId)).code)).json();
    expect((await check(app.packageName, testerToken)).json().update).toMatchObject({ versionCode: 30 });
    expect((await check(app.packageName, testerToken)).json().update.test).toBeUndefined();
  });

  it('downloads the bytes, counts the install once and the download each time, and holds the cap', async () => {
    const { u, app, inv, tv } = await openTest({ installCap: 1 });
    const first = (await join(inv.code)).json().testerToken;
    const second = (await join(inv.code)).json().testerToken;
    const url = (await check(app.packageName, first)).json().update.downloadUrl as string;
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(tv.bytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    // The cap is reached: the second tester is not offered it and cannot fetch it.
    expect((await check(app.packageName, second)).json().update).toBeNull();
    const refused = await anonymous(t, testingApi.testDownload, { params: { testVersionId: tv.testVersionId }, query: { testerToken: second } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('cap');
    const row = (await u.call(testingApi.testVersionList, { body: { appId: app.appId } })).json().items[0];
    expect(row).toMatchObject({ installs: 1, downloads: 2 });
    expect((await anonymous(t, testingApi.testDownload, { params: { testVersionId: tv.testVersionId }, query: { testerToken: 'nobody' } })).statusCode).toBe(404);
  });

  it('after a stop: no new installs, those who installed keep it for 90 days', async () => {
    const { u, app, inv, tv } = await openTest();
    const installer = (await join(inv.code)).json().testerToken;
    const late = (await join(inv.code)).json().testerToken;
    expect((await t.app.inject({ method: 'GET', url: (await check(app.packageName, installer)).json().update.downloadUrl })).statusCode).toBe(200);
    await u.call(testingApi.testRelease, { body: { appId: app.appId, testVersionId: tv.testVersionId, action: 'stop' } });
    expect((await check(app.packageName, installer)).json().update).toMatchObject({ versionId: tv.testVersionId });
    expect((await check(app.packageName, late)).json().update).toBeNull();
    const refused = await anonymous(t, testingApi.testDownload, { params: { testVersionId: tv.testVersionId }, query: { testerToken: late } });
    expect(refused.statusCode).toBe(409);
    t.clock.advance(90 * DAY);
    expect((await check(app.packageName, installer)).json().update).toBeNull();
  });

  it('a removed tester loses the test version', async () => {
    const { u, app, g, inv } = await openTest();
    const token = (await join(inv.code, { email: 'gone@example.com' })).json().testerToken;
    const tester = (await u.call(testingApi.memberList, { query: { groupId: g.groupId } })).json().items[0];
    await u.call(testingApi.removeMember, { query: { groupId: g.groupId, testerId: tester.testerId } });
    expect((await check(app.packageName, token)).json().update).toBeNull();
  });
});
