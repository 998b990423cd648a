import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, packageApi, versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { agreementsSigned, appWithOperator, completeVersion, fullListing, listingMedia, newApp, openTaskOf, parsedPackage, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const check = (packageName: string, versionCode: number, platform = 'android') =>
  t.app.inject({ method: 'GET', url: versionApi.updateCheck.fullPath, query: { packageName, versionCode: String(versionCode), deviceId: 'device-1', platform } });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const approve = async (versionId: string) => {
  const res = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, versionId), decision: 'approve' } });
  expect(res.statusCode, res.body).toBe(200);
};

/** A draft with everything but a package: countries, age rating, a full listing. */
async function describedDraft(u: TestUser, appId: string) {
  await agreementsSigned(t, appId);
  const { versionId } = (await u.call(versionApi.createVersion, { body: { appId } })).json().version as { versionId: string };
  const res = await u.call(versionApi.updateVersion, { body: { appId, versionId, countries: ['DE'], ageRating: '3+', listings: [{ ...fullListing(), ...(await listingMedia(u)) }] } });
  expect(res.statusCode, res.body).toBe(200);
  return versionId;
}

const obbName = (slot: 'main' | 'patch', versionCode: number, packageName: string) => `${slot}.${versionCode}.${packageName}.obb`;

describe('the package of a version, by kind', () => {
  it('the APK call takes an APK or an AAB and refuses other kinds, naming them; the plain edit refuses an OBB', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId, 10);
    const { pkgId: aab } = await parsedPackage(t, u, app.appId, 11, undefined, { kind: 'aab', fileName: 'app-release.aab' });
    const set = await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId, pkgId: aab } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().version).toMatchObject({ pkgId: aab, versionCode: 11, versionName: '1.0.11', noPackage: false, expansionFiles: [] });

    const { pkgId: obb } = await parsedPackage(t, u, app.appId, 11, undefined, { kind: 'obb', fileName: obbName('main', 11, app.packageName) });
    const refused = await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId, pkgId: obb } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ret.msg).toBe(`Invalid input: pkgId: ${obbName('main', 11, app.packageName)} is an OBB package; this call takes APK / AAB`);
    const plain = await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId, pkgId: obb } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().ret.msg).toContain('an OBB is an expansion file');
    // Other platforms' calls refuse an Android app, naming its platform.
    const rpk = await u.call(versionApi.packageRpk, { body: { appId: app.appId, versionId, pkgId: aab } });
    expect(rpk.statusCode).toBe(400);
    expect(rpk.json().ret.msg).toBe('Invalid input: this call sets RPK packages of quickapp apps; this app is for android');
  });

  it('quick apps take an RPK and watch apps a WPK', async () => {
    const u = await TestUser.register(t);
    for (const [platform, kind, endpoint] of [
      ['quickapp', 'rpk', versionApi.packageRpk],
      ['watch', 'wpk', versionApi.packageWpk],
    ] as const) {
      const app = await newApp(u, { platform });
      const { versionId } = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version as { versionId: string };
      const { pkgId } = await parsedPackage(t, u, app.appId, 3, undefined, { kind, fileName: `app.${kind}` });
      const res = await u.call(endpoint, { body: { appId: app.appId, versionId, pkgId } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().version).toMatchObject({ pkgId, versionCode: 3 });
      expect(res.json().completeness.missing).not.toContainEqual({ field: 'package' });
    }
  });

  it('a PC installer gets the versionCode the developer gives it, never below the on-shelf one', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u, { platform: 'pc' });
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version as { versionId: string };
    const { pkgId } = await parsedPackage(t, u, app.appId, null, undefined, { kind: 'exe', fileName: 'Setup.exe', versionName: '2.4.0.17' });
    const plain = await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId, pkgId } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().ret.msg).toContain('an EXE carries no versionCode');
    const set = await u.call(versionApi.packageExe, { body: { appId: app.appId, versionId, pkgId, versionCode: 240 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().version).toMatchObject({ pkgId, versionCode: 240, versionName: '2.4.0.17' });
    const named = await u.call(versionApi.packageExe, { body: { appId: app.appId, versionId, pkgId, versionCode: 241, versionName: '2.4.1' } });
    expect(named.json().version).toMatchObject({ versionCode: 241, versionName: '2.4.1' });
    expect((await u.call(versionApi.packageExe, { body: { appId: app.appId, versionId, pkgId, versionCode: 0 } })).statusCode).toBe(400);
  });
});

describe('expansion files (OBB)', () => {
  it('go with an APK: main and patch are checked, offered with the update, downloadable with Range, and dropped for an AAB', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const { versionId, pkgId: apk } = await completeVersion(t, u, app.appId, 20);
    const mainBytes = randomBytes(3000);
    const { pkgId: main } = await parsedPackage(t, u, app.appId, 20, mainBytes, { kind: 'obb', fileName: obbName('main', 20, app.packageName) });
    const { pkgId: patch } = await parsedPackage(t, u, app.appId, 20, randomBytes(500), { kind: 'obb', fileName: obbName('patch', 20, app.packageName) });
    const body = (m: string | null, p: string | null) => ({ body: { appId: app.appId, versionId, main: m, patch: p } });

    const swapped = await u.call(versionApi.packageObb, body(patch, null));
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().ret.msg).toBe(`Invalid input: main: ${obbName('patch', 20, app.packageName)} is a patch expansion file`);
    expect((await u.call(versionApi.packageObb, body(null, patch))).json().ret.msg).toBe('Invalid input: patch: a patch file needs a main file');
    expect((await u.call(versionApi.packageObb, body(apk, null))).json().ret.msg).toContain('is not a parsed OBB expansion file');

    const set = await u.call(versionApi.packageObb, body(main, patch));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().version.expansionFiles).toEqual([
      { slot: 'main', pkgId: main, fileName: obbName('main', 20, app.packageName), size: 3000 },
      { slot: 'patch', pkgId: patch, fileName: obbName('patch', 20, app.packageName), size: 500 },
    ]);
    // A file a version uses stays.
    expect((await u.call(packageApi.deletePackage, { query: { appId: app.appId, pkgId: main } })).statusCode).toBe(409);

    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } })).statusCode).toBe(200);
    await approve(versionId);
    const update = (await check(app.packageName, 1)).json().update;
    expect(update.expansionFiles).toEqual([
      { slot: 'main', fileName: obbName('main', 20, app.packageName), size: 3000, sha256: expect.any(String), downloadUrl: buildPath(versionApi.downloadExpansion, { versionId, slot: 'main' }) },
      { slot: 'patch', fileName: obbName('patch', 20, app.packageName), size: 500, sha256: expect.any(String), downloadUrl: buildPath(versionApi.downloadExpansion, { versionId, slot: 'patch' }) },
    ]);
    const whole = await get(update.expansionFiles[0].downloadUrl);
    expect(whole.statusCode).toBe(200);
    expect(Buffer.compare(whole.rawPayload, mainBytes)).toBe(0);
    expect(whole.headers['content-disposition']).toContain(encodeURIComponent(obbName('main', 20, app.packageName)));
    const part = await get(update.expansionFiles[0].downloadUrl, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(Buffer.compare(part.rawPayload, mainBytes.subarray(100, 200))).toBe(0);
    // The app's package downloads are what is counted.
    const counted = await t.deps.database.executeSql(`select count(*)::int as n from download_counts where version_id = $1`, [versionId]);
    expect(counted.rows).toEqual([{ n: 0 }]);

    // The next version keeps the released one's expansion files, and with its new APK too.
    const created = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version;
    const next = created.versionId as string;
    expect(created.expansionFiles.map((e: { pkgId: string }) => e.pkgId)).toEqual([main, patch]);
    const { pkgId: apk21 } = await parsedPackage(t, u, app.appId, 21);
    const withApk = await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId: next, pkgId: apk21 } });
    expect(withApk.json().version.expansionFiles.map((e: { pkgId: string }) => e.pkgId)).toEqual([main, patch]);
    expect((await u.call(versionApi.packageObb, { body: { appId: app.appId, versionId: next, main, patch: null } })).json().version.expansionFiles).toHaveLength(1);
    // Built as an AAB instead, it carries no expansion files.
    const { pkgId: aab } = await parsedPackage(t, u, app.appId, 22, undefined, { kind: 'aab', fileName: 'app.aab' });
    const toAab = await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId: next, pkgId: aab } });
    expect(toAab.json().version.expansionFiles).toEqual([]);
    const refused = await u.call(versionApi.packageObb, { body: { appId: app.appId, versionId: next, main, patch: null } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toContain('Expansion files go with an APK');
  });

  it('of a version no longer offered are not served, and unknown slots are refused', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId, 30);
    const { pkgId: main } = await parsedPackage(t, u, app.appId, 30, undefined, { kind: 'obb', fileName: obbName('main', 30, app.packageName) });
    await u.call(versionApi.packageObb, { body: { appId: app.appId, versionId, main, patch: null } });
    // A draft's expansion file is nobody's download.
    expect((await get(buildPath(versionApi.downloadExpansion, { versionId, slot: 'main' }))).statusCode).toBe(404);
    expect((await get(`${versionApi.download.fullPath.replace(':versionId', versionId)}/expansion/obb`)).statusCode).toBe(400);
    // Nor is a slot the version does not have.
    await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } });
    await approve(versionId);
    expect((await get(buildPath(versionApi.downloadExpansion, { versionId, slot: 'main' }))).statusCode).toBe(200);
    expect((await get(buildPath(versionApi.downloadExpansion, { versionId, slot: 'patch' }))).statusCode).toBe(404);
  });

  it('are for Android apps only', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u, { platform: 'harmony' });
    const { versionId } = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version as { versionId: string };
    const res = await u.call(versionApi.packageObb, { body: { appId: app.appId, versionId, main: versionId, patch: null } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.msg).toBe('Invalid input: expansion files (OBB) are for Android apps');
  });
});

describe('a first release without a package (pre-registration)', () => {
  it('needs no package, goes on shelf as a store page without a download, and offers devices nothing until a packaged release', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const versionId = await describedDraft(u, app.appId);
    const without = await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: true } });
    expect(without.statusCode, without.body).toBe(200);
    expect(without.json().version).toMatchObject({ noPackage: true, pkgId: null, versionCode: null });
    expect(without.json().completeness).toMatchObject({ complete: true, missing: [] });
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } })).statusCode).toBe(200);
    await approve(versionId);

    const store = await get(buildPath(versionApi.storeApp, { appId: app.appId }));
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json().app).toMatchObject({ versionId, preRegistration: true, downloadUrl: null, size: null, versionCode: null, name: 'Tipsy' });
    expect((await check(app.packageName, 0)).json().update).toBeNull();
    expect((await get(buildPath(versionApi.download, { versionId }))).statusCode).toBe(404);

    // Once on shelf, an update needs a package.
    const next = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version.versionId as string;
    const refused = await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId: next, noPackage: true } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ret.msg).toBe('The app has been on shelf; an update needs a package');
    const { pkgId, bytes } = await parsedPackage(t, u, app.appId, 1);
    await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId: next, pkgId } });
    // Devices outside a phase would keep nothing: the first packaged release goes out in full.
    await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId: next, releaseType: 'phased' } });
    const at = t.clock.now();
    const phase = { appId: app.appId, versionId: next, state: 'UPDATE', percent: 10, startAt: at.toISOString(), endAt: new Date(at.getTime() + 86_400_000).toISOString(), description: 'Slowly' };
    expect((await u.call(versionApi.changePhasedRelease, { body: phase })).statusCode).toBe(200);
    const phased = await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: next } });
    expect(phased.statusCode).toBe(409);
    expect(phased.json().ret.msg).toBe('The version on shelf has no package (a pre-registration page); release the next one in full');
    await u.call(versionApi.updateVersion, { body: { appId: app.appId, versionId: next, releaseType: 'full' } });
    expect((await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId: next } })).statusCode).toBe(200);
    await approve(next);
    const now = (await get(buildPath(versionApi.storeApp, { appId: app.appId }))).json().app;
    expect(now).toMatchObject({ versionId: next, preRegistration: false, versionCode: 1, size: bytes.length });
    expect((await check(app.packageName, 0)).json().update).toMatchObject({ versionId: next, versionCode: 1 });
  });

  it('choosing a package ends it; asking for one again makes the package missing; under review nothing changes', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const versionId = await describedDraft(u, app.appId);
    await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: true } });
    const { pkgId } = await parsedPackage(t, u, app.appId, 5);
    expect((await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId, pkgId } })).json().version).toMatchObject({ noPackage: false, pkgId });
    await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: true } });
    const again = await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: false } });
    expect(again.json().completeness.missing).toContainEqual({ field: 'package' });
    await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: true } });
    await u.call(versionApi.submitVersion, { body: { appId: app.appId, versionId } });
    const frozen = await u.call(versionApi.packageNone, { body: { appId: app.appId, versionId, noPackage: false } });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().ret.msg).toContain(`releaseState ${RELEASE_STATE.underReview}`);
    const history = (await u.call(versionApi.historyVersion, { query: { appId: app.appId, versionId } })).json().events as Array<{ action: string; data: { fields?: string[] } }>;
    expect(history.filter((e) => e.action === 'edit' && e.data.fields?.includes('noPackage'))).toHaveLength(4);
  });
});

describe('released apps', () => {
  it('keep their package rules: the APK call on a released app keeps the versionCode rule', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    await released(t, u, op, app.appId, 40);
    const next = (await u.call(versionApi.createVersion, { body: { appId: app.appId } })).json().version.versionId as string;
    const { pkgId } = await parsedPackage(t, u, app.appId, 39);
    const res = await u.call(versionApi.packageApk, { body: { appId: app.appId, versionId: next, pkgId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().ret.msg).toContain("versionCode 39 is lower than the on-shelf version's 40");
  });
});
