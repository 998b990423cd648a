import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, fileApi, packageApi, projectApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { describeWithRealBuilds, REAL_AAB, REAL_HAP } from '@wharf/parsers/test-kit';

const AAB = REAL_AAB;
const HAP = REAL_HAP;

let t: TestApp;
let u: TestUser;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_JOBS: 'on' } });
  u = await TestUser.register(t);
  projectId = (await u.call(projectApi.createProject, { body: { name: 'Packages' } })).json().project.projectId;
});
afterAll(() => t.close());

async function newApp(platform: string, packageName: string) {
  return (await u.call(appApi.createApp, { body: { projectId, platform, name: `App ${packageName}`, packageName, category: 'app', defaultLanguage: 'enUS' } })).json().app as { appId: string };
}

async function uploadAndAdd(appId: string, bytes: Buffer, fileName: string) {
  const object = (await u.call(fileApi.uploadObject, { query: { fileName }, raw: bytes })).json().object;
  const added = await u.call(packageApi.addPackage, { body: { appId, objectId: object.objectId } });
  expect(added.statusCode).toBe(200);
  expect(added.json().package.parseState).toBe(1);
  return added.json().package.pkgId as string;
}

async function settled(appId: string, pkgId: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < 120; i += 1) {
    const state = (await u.call(packageApi.packageState, { query: { appId, pkgId }, headers })).json();
    if (state.parseState !== 1) return (await u.call(packageApi.getPackage, { query: { appId, pkgId }, headers })).json().package;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('parse did not finish');
}

describeWithRealBuilds('packages parsed in the background', () => {
  it('parses a release AAB of the app and locks the package name', async () => {
    const app = await newApp('android', 'com.dhruv.tipsy');
    const pkgId = await uploadAndAdd(app.appId, fs.readFileSync(AAB), 'tipsy-release.aab');
    expect((await u.call(packageApi.packageProcessTask, { query: { appId: app.appId } })).json().items.length).toBeLessThanOrEqual(1);
    const p = await settled(app.appId, pkgId);
    expect(p).toMatchObject({ parseState: 0, kind: 'aab', packageName: 'com.dhruv.tipsy', versionCode: 1, versionName: '1.0', minSdk: 21, targetSdk: 30, debuggable: false, failureCode: null });
    expect((await u.call(appApi.getApp, { query: { appId: app.appId } })).json().app.packageNameLocked).toBe(true);
    const list = (await u.call(packageApi.packageList, { query: { appId: app.appId } })).json();
    expect(list.items.map((x: { pkgId: string }) => x.pkgId)).toEqual([pkgId]);
  });

  it('refuses a debug HAP with reason 999, in the caller language', async () => {
    const app = await newApp('harmony', 'com.samples.arktscalc');
    const pkgId = await uploadAndAdd(app.appId, fs.readFileSync(HAP), 'arktscalc.hap');
    const p = await settled(app.appId, pkgId, { 'x-lang': 'zh' });
    expect(p).toMatchObject({ parseState: 2, failureCode: 999, kind: 'hap', packageName: 'com.samples.arktscalc', debuggable: true });
    expect(p.failureReason).toContain('调试版本');
    expect((await u.call(appApi.getApp, { query: { appId: app.appId } })).json().app.packageNameLocked).toBe(false);
  });

  it('refuses a package of another app with reason 992', async () => {
    const app = await newApp('android', 'com.wharf.someother');
    const p = await settled(app.appId, await uploadAndAdd(app.appId, fs.readFileSync(AAB), 'tipsy.aab'));
    expect(p).toMatchObject({ parseState: 2, failureCode: 992 });
    expect(p.failureReason).toBe("The package name com.dhruv.tipsy does not match the app's com.wharf.someother");
  });

  it('refuses a package for the wrong platform with reason 995', async () => {
    const app = await newApp('quickapp', 'com.wharf.quick');
    const p = await settled(app.appId, await uploadAndAdd(app.appId, fs.readFileSync(AAB), 'tipsy.aab'));
    expect(p).toMatchObject({ parseState: 2, failureCode: 995 });
  });
});

describe('packages that are not packages', () => {
  it('refuses random bytes at upload, and bytes that only begin as a zip when parsed, each with a clear reason', async () => {
    const up = await u.call(fileApi.uploadObject, { query: { fileName: 'fake.apk' }, raw: Buffer.from('definitely not a zip file at all'), headers: { 'x-lang': 'en' } });
    expect([up.statusCode, up.json().ret.msg]).toEqual([400, expect.stringContaining('not an app package')]);
    const app = await newApp('android', 'com.wharf.random');
    const p = await settled(app.appId, await uploadAndAdd(app.appId, sampleBytes('zip', 500), 'fake.apk'));
    expect(p.parseState).toBe(2);
    expect([995, 9001]).toContain(p.failureCode);
    expect(p.failureReason).toBeTruthy();
  });

  it('answers 404 for a file of another team and for a package of another app', async () => {
    const app = await newApp('android', 'com.wharf.mine');
    const other = await TestUser.register(t);
    const theirFile = (await other.call(fileApi.uploadObject, { query: { fileName: 'x.apk' }, raw: sampleBytes('zip', 64) })).json().object;
    expect((await u.call(packageApi.addPackage, { body: { appId: app.appId, objectId: theirFile.objectId } })).statusCode).toBe(404);
    expect((await other.call(packageApi.packageList, { query: { appId: app.appId } })).statusCode).toBe(404);
  });

  it('keeps a remark and deletes a package', async () => {
    const app = await newApp('android', 'com.wharf.remark');
    const pkgId = await uploadAndAdd(app.appId, sampleBytes('zip', 64), 'x.apk');
    await settled(app.appId, pkgId);
    expect((await u.call(packageApi.updatePackage, { body: { appId: app.appId, pkgId, remark: 'first try' } })).json().package.remark).toBe('first try');
    expect((await u.call(packageApi.deletePackage, { query: { appId: app.appId, pkgId } })).statusCode).toBe(200);
    expect((await u.call(packageApi.getPackage, { query: { appId: app.appId, pkgId } })).statusCode).toBe(404);
  });
});
