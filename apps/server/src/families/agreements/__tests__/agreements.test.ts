import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENTS, agreementApi, HEADERS, RET_CODES, versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, newApp } from '../../../harness/scenarios';

const current: string = AGREEMENTS.distribution.version;
let t: TestApp;
beforeAll(async () => {
  ({ t } = await appWithOperator());
});
afterAll(() => t.close());

const sign = (u: TestUser, version = current) => u.call(agreementApi.signAgreement, { body: { agreementId: 'distribution', version } });
const audits = async (teamId: string) =>
  (await t.deps.database.executeSql(`select action, data from audit_events where team_id = $1 and action = 'agreement.sign'`, [teamId])).rows as Array<{ action: string; data: { version: string } }>;
const openTasks = async (versionId: string) => (await t.deps.database.executeSql(`select id from review_tasks where subject_id = $1`, [versionId])).rows.length;

describe('the distribution agreement', () => {
  it('is unsigned for a new team: submitting is refused with its own ret.code, naming it, and nothing changes', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId, 10, { agreements: false });
    expect((await u.call(agreementApi.agreementList)).json().agreements).toEqual([
      { agreementId: 'distribution', version: current, requiredFor: ['release'], signed: false, signedVersion: null, signedAt: null, signedByName: null },
    ]);

    const refused = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret).toMatchObject({ code: RET_CODES.agreementUnsigned.code });
    expect(refused.json().ret.msg).toContain('Distribution Service Agreement');
    const zh = await u.call(versionApi.submitVersion, { body: { appId, versionId }, headers: { [HEADERS.language]: 'zh' } });
    expect(zh.json().ret.msg).toContain('《Wharf 分发服务协议》');
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId } })).json().version.releaseState).toBe(RELEASE_STATE.draft);
    expect(await openTasks(versionId)).toBe(0);

    expect((await u.call(agreementApi.agreementCheck, { body: { appId } })).json()).toMatchObject({ signed: false, canSign: true, missing: [{ agreementId: 'distribution', signed: false }] });
  });

  it('the account holder signs it once (one audit event); then the check passes and the version goes to review', async () => {
    const u = await TestUser.register(t, { displayName: 'Ada Holder' });
    const { appId } = await newApp(u);
    const { versionId } = await completeVersion(t, u, appId, 10, { agreements: false });
    t.clock.advance(60_000);
    const signed = await sign(u);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().agreement).toMatchObject({ signed: true, signedVersion: current, signedByName: 'Ada Holder', signedAt: t.clock.now().toISOString() });
    expect((await sign(u)).statusCode).toBe(200);
    expect(await audits(u.teamId!)).toEqual([{ action: 'agreement.sign', data: { version: current } }]);

    expect((await u.call(agreementApi.agreementCheck, { body: { appId } })).json()).toMatchObject({ signed: true, missing: [] });
    const submitted = await u.call(versionApi.submitVersion, { body: { appId, versionId } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().version.releaseState).toBe(RELEASE_STATE.underReview);
  });

  it('refuses a signature of a text that is no longer current, naming the current version', async () => {
    const u = await TestUser.register(t);
    const stale = await sign(u, '2019-01');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().ret.msg).toContain(`version ${current}`);
    expect(await audits(u.teamId!)).toEqual([]);
    expect((await sign(u, 'x'.repeat(33))).statusCode).toBe(400);
    const unknown = await u.call(agreementApi.signAgreement, { body: { agreementId: 'paidApps', version: current } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().ret.msg).toContain('agreementId');
  });

  it('a signature of an older version does not count: the team signs the new one', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    await t.deps.database.executeSql(`insert into team_agreements (team_id, agreement_id, version, signed_by, signed_at) values ($1, 'distribution', '2025-01', $2, now())`, [u.teamId, u.userId]);
    const check = (await u.call(agreementApi.agreementCheck, { body: { appId } })).json();
    expect(check).toMatchObject({ signed: false, missing: [{ agreementId: 'distribution', signed: false, signedVersion: '2025-01' }] });
    await sign(u);
    expect((await u.call(agreementApi.agreementList)).json().agreements[0]).toMatchObject({ signed: true, signedVersion: current });
  });

  it('Legal signs; an Administrator may not, and the check tells the console so', async () => {
    const { holder, member: legal } = await teamWithMember(t, ['legal', 'administrator']);
    const { appId } = await newApp(holder);
    const { member: admin } = await teamWithMember(t, ['administrator']);
    const { appId: adminsApp } = await newApp(admin);
    expect((await admin.call(agreementApi.agreementCheck, { body: { appId: adminsApp } })).json()).toMatchObject({ signed: false, canSign: false });
    const refused = await sign(admin);
    expect(refused.statusCode).toBe(403);
    expect((await legal.call(agreementApi.agreementCheck, { body: { appId } })).json()).toMatchObject({ signed: false, canSign: true });
    expect((await sign(legal)).statusCode).toBe(200);
    expect((await holder.call(agreementApi.agreementList)).json().agreements[0]).toMatchObject({ signed: true, signedByName: 'Member' });
  });

  it("checks only the caller's own team's apps", async () => {
    const a = await TestUser.register(t);
    const { appId } = await newApp(a);
    const b = await TestUser.register(t);
    expect((await b.call(agreementApi.agreementCheck, { body: { appId } })).statusCode).toBe(404);
    expect((await a.call(agreementApi.agreementCheck, { body: { appId: 'nope' } })).statusCode).toBe(400);
  });
});
