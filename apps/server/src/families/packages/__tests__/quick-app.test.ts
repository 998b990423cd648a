import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, fileApi, packageApi } from '@wharf/contract';
import { createTestApp, sampleBytes, TestUser, type TestApp } from '../../../harness';
import { teamWithCustomMember, teamWithMember } from '../../../harness/scenarios';
import { buildApk, buildHap, stageModuleJson, makeSigner, schemeSigner, signingBlock, v2Value, type TestSigner, buildZip } from '@wharf/parsers/test-kit';
import { addParsed, newApp, newProject, settledPackage, uploadFile } from './helpers';

let t: TestApp;
let u: TestUser;
let projectId: string;
let signer: TestSigner;
beforeAll(async () => {
  t = await createTestApp({ env: { WHARF_JOBS: 'on' } });
  u = await TestUser.register(t);
  projectId = await newProject(u);
  signer = makeSigner('Quick Dev');
});
afterAll(() => t.close());

const rpk = (manifest: Record<string, unknown>, who: TestSigner = signer) =>
  buildZip([{ name: 'manifest.json', data: JSON.stringify(manifest) }], { beforeCentralDirectory: signingBlock([[0x01000101, v2Value([schemeSigner(who)])]], 'RPK Sig Block 42') });
const quickManifest = (packageName: string, extra: Record<string, unknown> = {}) => ({ package: packageName, name: 'Quick', versionName: '1.0.0', versionCode: 3, minPlatformVersion: 1070, router: { entry: 'Home' }, ...extra });

describe('H5 quick app versions', () => {
  it('registers an H5 version with its facts and a descriptor file', async () => {
    const app = await newApp(u, projectId, 'quickapp', 'com.wharf.h5one');
    const res = await u.call(packageApi.registerH5, { body: { appId: app.appId, url: 'https://m.example.com/app/', versionName: '2.1.0', versionCode: 21, deviceTypes: ['phone', 'tablet'] } });
    expect(res.statusCode).toBe(200);
    const p = res.json().package;
    expect(p).toMatchObject({ kind: 'rpk', parseState: 0, packageName: 'com.wharf.h5one', versionCode: 21, versionName: '2.1.0', minSdk: 1070, extra: { h5: { url: 'https://m.example.com/app/' }, deviceTypeList: ['phone', 'tablet'] } });
    expect(p.fileName).toBe('com.wharf.h5one-21.h5.json');
    expect((await u.call(appApi.getApp, { query: { appId: app.appId } })).json().app.packageNameLocked).toBe(true);
    // The descriptor is a real file of the team.
    const { url } = (await u.call(fileApi.downloadUrl, { body: { objectId: p.objectId } })).json();
    expect(JSON.parse((await t.app.inject({ url })).body)).toMatchObject({ type: 'h5', package: 'com.wharf.h5one', url: 'https://m.example.com/app/', versionCode: 21 });
    const lower = await u.call(packageApi.registerH5, { body: { appId: app.appId, url: 'https://m.example.com/', versionName: '1', versionCode: 20 } });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().ret.msg).toContain('versionCode 20 is lower than 21');
  });

  it('refuses bad input, other platforms, other teams and roles without package.manage', async () => {
    const app = await newApp(u, projectId, 'quickapp', 'com.wharf.h5two');
    const http = await u.call(packageApi.registerH5, { body: { appId: app.appId, url: 'http://m.example.com/', versionName: '1', versionCode: 1 } });
    expect(http.statusCode).toBe(400);
    expect(http.json().ret.msg).toContain('url');
    expect((await u.call(packageApi.registerH5, { body: { appId: app.appId, url: 'https://x.example.com/', versionName: '1', versionCode: 0 } })).json().ret.msg).toContain('versionCode');
    const android = await newApp(u, projectId, 'android', 'com.wharf.h5android');
    const wrong = await u.call(packageApi.registerH5, { body: { appId: android.appId, url: 'https://x.example.com/', versionName: '1', versionCode: 1 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().ret.msg).toContain('only quick apps');
    const other = await TestUser.register(t);
    expect((await other.call(packageApi.registerH5, { body: { appId: app.appId, url: 'https://x.example.com/', versionName: '1', versionCode: 1 } })).statusCode).toBe(404);
    const { holder, member } = await teamWithMember(t, ['operations']);
    const theirs = await newApp(holder, await newProject(holder), 'quickapp', 'com.wharf.h5ops');
    expect((await member.call(packageApi.registerH5, { body: { appId: theirs.appId, url: 'https://x.example.com/', versionName: '1', versionCode: 1 } })).statusCode).toBe(403);
  });
});

describe('RPKS bundles', () => {
  it('parses every RPK of the bundle in the background', async () => {
    const app = await newApp(u, projectId, 'quickapp', 'com.wharf.rpks');
    const bundle = buildZip([
      { name: 'com.wharf.rpks.base.rpk', data: rpk(quickManifest('com.wharf.rpks')) },
      { name: 'com.wharf.rpks.game.rpk', data: rpk(quickManifest('com.wharf.rpks')) },
    ]);
    const res = await u.call(packageApi.registerRpks, { body: { appId: app.appId, objectId: await uploadFile(u, bundle, 'bundle.rpks') } });
    expect(res.statusCode).toBe(200);
    const p = await settledPackage(u, app.appId, res.json().package.pkgId);
    expect(p).toMatchObject({ parseState: 0, kind: 'rpk', packageName: 'com.wharf.rpks', versionCode: 3, certificates: [signer.sha256], extra: { submittedAs: 'rpks' } });
    expect(p.extra.rpks.packages.map((x: { name: string }) => x.name)).toEqual(['com.wharf.rpks.base.rpk', 'com.wharf.rpks.game.rpk']);
  });

  it('fails a single RPK sent as an RPKS, and a bundle with a foreign signer', async () => {
    const app = await newApp(u, projectId, 'quickapp', 'com.wharf.rpkstwo');
    const single = await u.call(packageApi.registerRpks, { body: { appId: app.appId, objectId: await uploadFile(u, rpk(quickManifest('com.wharf.rpkstwo')), 'single.rpks') } });
    expect(await settledPackage(u, app.appId, single.json().package.pkgId)).toMatchObject({ parseState: 2, failureCode: 995, failureReason: 'This is not an RPKS bundle (a zip of several RPKs)' });
    const mixed = buildZip([
      { name: 'a.base.rpk', data: rpk(quickManifest('com.wharf.rpkstwo')) },
      { name: 'b.rpk', data: rpk(quickManifest('com.wharf.rpkstwo'), makeSigner('Other')) },
    ]);
    const bad = await u.call(packageApi.registerRpks, { body: { appId: app.appId, objectId: await uploadFile(u, mixed, 'mixed.rpks') } });
    const failed = await settledPackage(u, app.appId, bad.json().package.pkgId);
    expect(failed.parseState).toBe(2);
    expect(failed.failureReason).toContain('another certificate');
  });

  it('refuses a file that is not named .rpks, a file of another team, and a non-quick app', async () => {
    const app = await newApp(u, projectId, 'quickapp', 'com.wharf.rpksthree');
    const named = await u.call(packageApi.registerRpks, { body: { appId: app.appId, objectId: await uploadFile(u, Buffer.from('x'), 'x.zip') } });
    expect(named.statusCode).toBe(400);
    expect(named.json().ret.msg).toBe('x.zip is not an RPKS file (.rpks)');
    const other = await TestUser.register(t);
    expect((await u.call(packageApi.registerRpks, { body: { appId: app.appId, objectId: await uploadFile(other, Buffer.from('x'), 'x.rpks') } })).statusCode).toBe(404);
    const android = await newApp(u, projectId, 'android', 'com.wharf.rpksandroid');
    expect((await u.call(packageApi.registerRpks, { body: { appId: android.appId, objectId: await uploadFile(u, Buffer.from('x'), 'x.rpks') } })).statusCode).toBe(400);
  });
});

describe('device models of a package', () => {
  it('lists the phones and tablets an APK fits by minSdk and required features', async () => {
    const app = await newApp(u, projectId, 'android', 'com.wharf.devices');
    const apk = buildApk({ manifest: { packageName: 'com.wharf.devices', versionCode: 1, versionName: '1', minSdk: 29, targetSdk: 33, features: [{ name: 'android.hardware.nfc' }, { name: 'android.hardware.camera', required: false }] }, v2: [signer] });
    const p = await addParsed(u, app.appId, apk, 'devices.apk');
    expect(p.parseState).toBe(0);
    const res = await u.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.requirements).toMatchObject({ system: 'android', minApi: 29, deviceTypes: ['phone', 'tablet'], features: ['android.hardware.nfc'] });
    const models = body.items.map((d: { model: string }) => d.model);
    expect(models).toContain('ALN-AL00');
    expect(models).toContain('VOG-AL00');
    // API 28 and 26 phones, NFC-less tablets and the APK-less Mate X6 are out.
    for (const out of ['BKL-AL00', 'FIG-AL00', 'WGR-W09', 'PLA-AL10', 'ARC-AL00']) expect(models).not.toContain(out);
    expect(body.total).toBe(body.items.length);
    const tablets = (await u.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId, deviceType: 'tablet' } })).json();
    expect(tablets.items).toEqual([]);
  });

  it('lists HarmonyOS models by API level and the module device types', async () => {
    const app = await newApp(u, projectId, 'harmony', 'com.wharf.harmonydev');
    const hap = buildHap(stageModuleJson({ bundleName: 'com.wharf.harmonydev' }));
    const p = await addParsed(u, app.appId, hap, 'entry.hap');
    expect(p.parseState).toBe(0);
    const body = (await u.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId } })).json();
    expect(body.requirements).toMatchObject({ system: 'harmony', minApi: 12, deviceTypes: ['phone', 'tablet'] });
    expect(body.items.map((d: { model: string }) => d.model).sort()).toEqual(['ALN-AL00', 'BRA-AL00', 'HBN-AL00', 'LNA-AL00', 'PCE-W30', 'PLA-AL10']);
  });

  it('answers 409 for a package still parsing or failed, 400 for bad input, 404 for another team', async () => {
    const app = await newApp(u, projectId, 'android', 'com.wharf.devfail');
    const p = await addParsed(u, app.appId, sampleBytes('zip', 64), 'x.apk');
    const failed = await u.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId } });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().ret.msg).toBe('The package failed to parse; its devices cannot be told');
    expect((await u.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId, deviceType: 'fridge' } })).json().ret.msg).toContain('deviceType');
    const other = await TestUser.register(t);
    expect((await other.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId } })).statusCode).toBe(404);
    const { member } = await teamWithCustomMember(t, ['team.read']);
    expect((await member.call(packageApi.phoneList, { body: { appId: app.appId, pkgId: p.pkgId } })).statusCode).toBe(403);
  });
});
