import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, operatorApi, packageApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { accountsFamily } from '../../accounts';
import { teamWithMember } from '../../../harness/scenarios';
import { buildApk, makeSigner, type TestSigner } from '@wharf/parsers/test-kit';
import { addParsed, newApp, newProject, uploadFile } from './helpers';

let t: TestApp;
let owner: TestSigner;
let stranger: TestSigner;
let n = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_JOBS: 'on', WHARF_OPERATOR_EMAIL: 'ops@example.com', WHARF_OPERATOR_PASSWORD: 'operator password' } });
  await accountsFamily.onStart!(t.deps, () => undefined);
  owner = makeSigner('Real Owner');
  stranger = makeSigner('Someone Else', '02');
});
afterAll(() => t.close());

const apk = (packageName: string, who: TestSigner) => buildApk({ manifest: { packageName, versionCode: 1, versionName: '1', minSdk: 24, targetSdk: 33 }, v2: [who] });

/** Team A holds `name` with a parsed package signed by the owner; team B has an app that wants it. */
async function scene() {
  n += 1;
  const name = `com.claimed.app${n}`;
  const holder = await TestUser.register(t, { displayName: 'Holder team' });
  const held = await newApp(holder, await newProject(holder), 'android', name);
  expect((await addParsed(holder, held.appId, apk(name, owner), 'held.apk')).parseState).toBe(0);
  const claimant = await TestUser.register(t, { displayName: 'Claimant team' });
  const wanting = await newApp(claimant, await newProject(claimant), 'android', `com.placeholder.app${n}`);
  return { name, holder, held, claimant, wanting };
}

async function settled(u: TestUser, claimId: string) {
  for (let i = 0; i < 120; i += 1) {
    const c = (await u.call(packageApi.getClaim, { query: { claimId } })).json().claim;
    if (c.state !== 'verifying') return c;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('claim did not settle');
}

async function claim(u: TestUser, appId: string, packageName: string, bytes: Buffer) {
  return u.call(packageApi.startClaim, { body: { appId, packageName, objectId: await uploadFile(u, bytes, 'proof.apk') } });
}

describe('claiming a package name', () => {
  it('moves the name at once when the certificate matches and the holder was never on shelf', async () => {
    const s = await scene();
    const check = (await s.claimant.call(packageApi.checkClaim, { body: { appId: s.wanting.appId, packageName: s.name } })).json();
    expect(check).toMatchObject({ claimable: true, reasons: [] });
    const started = await claim(s.claimant, s.wanting.appId, s.name, apk(s.name, owner));
    expect(started.statusCode).toBe(200);
    expect(started.json().claim).toMatchObject({ state: 'verifying', packageName: s.name });
    const done = await settled(s.claimant, started.json().claim.claimId);
    expect(done).toMatchObject({ state: 'approved', certificateMatched: true, certificates: [owner.sha256] });
    expect((await s.claimant.call(appApi.getApp, { query: { appId: s.wanting.appId } })).json().app.packageName).toBe(s.name);
    const held = (await s.holder.call(appApi.getApp, { query: { appId: s.held.appId } })).json().app;
    expect(held.packageName).not.toBe(s.name);
    expect(held.packageName.startsWith(`${s.name}.claimed`)).toBe(true);
    expect(held.packageNameLocked).toBe(false);
    // The console finds the claim again from the app.
    expect((await s.claimant.call(packageApi.getClaim, { query: { appId: s.wanting.appId } })).json().claim.claimId).toBe(done.claimId);
    expect((await s.holder.call(packageApi.getClaim, { query: { appId: s.wanting.appId } })).statusCode).toBe(404);
    expect((await s.holder.call(packageApi.getClaim, { query: { appId: s.held.appId } })).json().ret.msg).toBe('This app has no package-name claim');
    expect((await s.claimant.call(packageApi.getClaim, { query: { appId: s.wanting.appId, claimId: done.claimId } })).json().ret.msg).toContain('either claimId or appId');
    // Each team's audit log says what happened to it.
    const audit = async (teamId: string) => (await t.deps.database.executeSql('select action from audit_events where team_id = $1 order by at, id', [teamId])).rows.map((r) => (r as { action: string }).action);
    expect(await audit(s.holder.teamId)).toContain('app.packageNameClaimed');
    expect(await audit(s.claimant.teamId)).toEqual(expect.arrayContaining(['package.claim', 'package.claimApproved']));
    // Nothing is left to withdraw.
    expect((await s.claimant.call(packageApi.withdrawClaim, { query: { claimId: done.claimId } })).statusCode).toBe(409);
  });

  it('rejects a package signed by another certificate, and one of another name', async () => {
    const s = await scene();
    const forged = await settled(s.claimant, (await claim(s.claimant, s.wanting.appId, s.name, apk(s.name, stranger))).json().claim.claimId);
    expect(forged).toMatchObject({ state: 'rejected', certificateMatched: false, reason: "The uploaded package is signed with another certificate than the holder app's packages" });
    const wrong = await settled(s.claimant, (await claim(s.claimant, s.wanting.appId, s.name, apk('com.other.name', owner))).json().claim.claimId);
    expect(wrong).toMatchObject({ state: 'rejected', reason: `The uploaded package is com.other.name, not ${s.name}` });
    expect((await s.holder.call(appApi.getApp, { query: { appId: s.held.appId } })).json().app.packageName).toBe(s.name);
  });

  it('waits for a reviewer when the holder app was on shelf; the reviewer decides', async () => {
    const s = await scene();
    await t.deps.database.executeSql('update apps set ever_on_shelf = true where id = $1', [s.held.appId]);
    const started = await claim(s.claimant, s.wanting.appId, s.name, apk(s.name, owner));
    const pending = await settled(s.claimant, started.json().claim.claimId);
    expect(pending).toMatchObject({ state: 'pending', certificateMatched: true });
    // One open claim per name.
    const second = await TestUser.register(t);
    const secondApp = await newApp(second, await newProject(second), 'android', `com.second.app${n}`);
    const blocked = (await second.call(packageApi.checkClaim, { body: { appId: secondApp.appId, packageName: s.name } })).json();
    expect(blocked.reasons.map((r: { code: string }) => r.code)).toEqual(['claimOpen']);
    expect((await claim(second, secondApp.appId, s.name, apk(s.name, owner))).statusCode).toBe(409);
    // Only reviewers decide.
    expect((await s.claimant.call(packageApi.decideClaim, { body: { claimId: pending.claimId, approve: true } })).statusCode).toBe(403);
    const op = new TestUser(t, 'ops@example.com', 'operator password');
    expect((await op.login()).body).toContain('"code":0');
    const reviewer = await TestUser.register(t);
    const granted = await op.call(operatorApi.grantOperatorRole, { body: { email: reviewer.email, role: 'reviewer' } });
    expect(granted.statusCode).toBe(200);
    const decided = await reviewer.call(packageApi.decideClaim, { body: { claimId: pending.claimId, approve: true } });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().claim.state).toBe('approved');
    expect((await s.claimant.call(appApi.getApp, { query: { appId: s.wanting.appId } })).json().app.packageName).toBe(s.name);
    expect((await reviewer.call(packageApi.decideClaim, { body: { claimId: pending.claimId, approve: false } })).json().ret.msg).toBe('The claim is approved; this cannot be done now');
  });

  it('withdraws a pending claim', async () => {
    const s = await scene();
    await t.deps.database.executeSql('update apps set listed = true where id = $1', [s.held.appId]);
    const pending = await settled(s.claimant, (await claim(s.claimant, s.wanting.appId, s.name, apk(s.name, owner))).json().claim.claimId);
    const withdrawn = await s.claimant.call(packageApi.withdrawClaim, { query: { claimId: pending.claimId } });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().claim.state).toBe('withdrawn');
    expect((await s.claimant.call(packageApi.checkClaim, { body: { appId: s.wanting.appId, packageName: s.name } })).json().claimable).toBe(true);
  });
});

describe('claim checks and refusals', () => {
  it('names every reason a name cannot be claimed', async () => {
    const s = await scene();
    const reasons = async (u: TestUser, appId: string, packageName: string) =>
      (await u.call(packageApi.checkClaim, { body: { appId, packageName } })).json().reasons.map((r: { code: string }) => r.code);
    expect(await reasons(s.claimant, s.wanting.appId, 'bad name!')).toEqual(['format']);
    expect(await reasons(s.claimant, s.wanting.appId, 'com.nobody.holds.it')).toEqual(['notTaken']);
    expect(await reasons(s.holder, s.held.appId, s.name)).toEqual(['appLocked', 'ownTeam']);
    const unsigned = await newApp(s.holder, await newProject(s.holder), 'android', `com.unsigned.app${n}`);
    expect(await reasons(s.claimant, s.wanting.appId, unsigned.packageName)).toEqual(['holderUnsigned']);
    const zh = (await s.claimant.call(packageApi.checkClaim, { body: { appId: s.wanting.appId, packageName: unsigned.packageName }, headers: { 'x-lang': 'zh' } })).json();
    expect(zh.reasons[0].message).toContain('签名');
    const refused = await claim(s.claimant, s.wanting.appId, 'com.nobody.holds.it', apk('com.nobody.holds.it', owner));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('change the app package name');
  });

  it('answers 400 for bad input, 404 for other teams, 403 for a role without app.manage', async () => {
    const s = await scene();
    expect((await s.claimant.call(packageApi.startClaim, { body: { appId: s.wanting.appId, packageName: s.name } })).json().ret.msg).toContain('objectId');
    expect((await s.claimant.call(packageApi.getClaim, { query: { claimId: 'nope' } })).statusCode).toBe(400);
    const started = await claim(s.claimant, s.wanting.appId, s.name, apk(s.name, stranger));
    const claimId = started.json().claim.claimId;
    await settled(s.claimant, claimId);
    // The holder's team, or anyone else, sees nothing of the claim.
    const peek = await s.holder.call(packageApi.getClaim, { query: { claimId } });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(s.name);
    expect((await s.holder.call(packageApi.withdrawClaim, { query: { claimId } })).statusCode).toBe(404);
    expect((await s.holder.call(packageApi.checkClaim, { body: { appId: s.wanting.appId, packageName: s.name } })).statusCode).toBe(404);
    const { holder, member } = await teamWithMember(t, ['operations']);
    const app = await newApp(holder, await newProject(holder), 'android', `com.ops.app${n}`);
    expect((await member.call(packageApi.checkClaim, { body: { appId: app.appId, packageName: s.name } })).statusCode).toBe(403);
    expect((await member.call(packageApi.startClaim, { body: { appId: app.appId, packageName: s.name, objectId: await uploadFile(holder, sampleBytes('zip', 64), 'x.apk') } })).statusCode).toBe(403);
  });
});
