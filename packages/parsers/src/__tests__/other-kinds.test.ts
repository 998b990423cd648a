// HAP, APP, RPK, EXE, OBB and WPK packages generated in the test.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeApiVersion, detectKind, PackageParseError, parseObbName, parsePackage } from '../index';
import { buildHap, packInfo, PNG_1x1, stageModuleJson } from '../test-kit/packages';
import { buildPe, versionInfo } from '../test-kit/pe-writer';
import { hapSigningBlock, makeSigner, pkcs7Signature, schemeSigner, signingBlock, v2Value, type TestSigner } from '../test-kit/signing-writer';
import { buildZip } from '../test-kit/zip-writer';

let dir: string;
let dev: TestSigner;
let ca: TestSigner;

async function file(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PackageParseError) return err.reason;
    throw err;
  }
  throw new Error('expected a failure');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-kinds-'));
  dev = makeSigner('Harmony Developer', '1a');
  ca = makeSigner('Profile Signer', '1b');
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('HAP', () => {
  it('decodes HarmonyOS API versions', () => {
    expect(decodeApiVersion(50000012)).toEqual({ apiLevel: 12, osVersion: '5.0.0' });
    expect(decodeApiVersion(50100018)).toEqual({ apiLevel: 18, osVersion: '5.1.0' });
    expect(decodeApiVersion(12)).toEqual({ apiLevel: 12 });
  });

  it('reads an unsigned stage-model HAP with encoded API versions and a literal label', async () => {
    const path = await file('entry.hap', buildHap());
    expect(await detectKind(path)).toBe('hap');
    const hap = await parsePackage(path);
    expect(hap).toMatchObject({
      kind: 'hap',
      packageName: 'com.example.harmony',
      versionCode: 2000000,
      versionName: '2.0.0',
      minSdk: 50000012,
      targetSdk: 50100018,
      label: 'Harmony Demo',
      debuggable: false,
      permissions: ['ohos.permission.INTERNET'],
      signing: { schemes: [], certificates: [] },
    });
    expect(hap.extra).toMatchObject({ apiLevel: { min: 12, target: 18 }, minOsVersion: '5.0.0', targetOsVersion: '5.1.0', deviceTypes: ['phone', 'tablet'], signing: { signed: false } });
    expect(hap.icon?.entry).toBe('resources/base/media/app_icon.png');
  });

  it('reads a signed HAP: signer certificate, profile, debug profile → debuggable', async () => {
    const profile = JSON.stringify({
      type: 'debug',
      'bundle-info': { 'bundle-name': 'com.example.harmony', 'development-certificate': dev.certPem, 'developer-id': 'dev-1' },
      validity: { 'not-before': 1700000000, 'not-after': 1900000000 },
      'debug-info': { 'device-ids': ['a', 'b'] },
    });
    const block = hapSigningBlock([
      [0x20000002, pkcs7Signature(ca, Buffer.from(profile), { attach: true })],
      [0x20000000, pkcs7Signature(dev, Buffer.from('digest list'), { attach: true, extraCerts: [ca] })],
    ]);
    const hap = await parsePackage(await file('signed.hap', buildHap(stageModuleJson(), [], block)));
    expect(hap.signing.schemes).toEqual(['hap']);
    expect(hap.signing.certificates.map((c) => c.sha256)).toEqual([dev.sha256]);
    expect(hap.debuggable).toBe(true);
    expect(hap.extra.profile).toMatchObject({ type: 'debug', bundleName: 'com.example.harmony', developmentCertificateSha256: dev.sha256, debugDeviceCount: 2, notAfter: 1900000000 });
    expect(hap.extra.signing).toMatchObject({ signed: true, certificateMatchesProfile: true, blockTypes: ['0x20000002', '0x20000000'] });
    expect((hap.extra.signing as { chain: unknown[] }).chain).toHaveLength(2);
  });

  it('reads an FA-model HAP (config.json)', async () => {
    const config = JSON.stringify({
      app: { bundleName: 'com.example.fa', version: { code: 3, name: '1.0.3' }, apiVersion: { compatible: 6, target: 7 } },
      module: {
        distro: { moduleName: 'entry', moduleType: 'entry' },
        deviceType: ['wearable'],
        reqPermissions: [{ name: 'ohos.permission.GET_NETWORK_INFO' }],
        abilities: [{ name: 'MainAbility', label: 'FA Demo', icon: '$media:icon', skills: [{ entities: ['entity.system.home'] }] }],
      },
    });
    const path = await file('fa.hap', buildZip([{ name: 'config.json', data: config }, { name: 'pack.info', data: '{}' }]));
    expect(await detectKind(path)).toBe('hap');
    const hap = await parsePackage(path);
    expect(hap).toMatchObject({ packageName: 'com.example.fa', versionCode: 3, versionName: '1.0.3', minSdk: 6, targetSdk: 7, label: 'FA Demo', permissions: ['ohos.permission.GET_NETWORK_INFO'] });
    expect(hap.extra).toMatchObject({ model: 'fa', deviceTypes: ['wearable'] });
  });

  it('refuses a module.json that is not JSON or lacks the bundle name', async () => {
    expect(await reason(parsePackage(await file('bad1.hap', buildZip([{ name: 'module.json', data: '{nope' }]))))).toBe('manifestInvalid');
    expect(await reason(parsePackage(await file('bad2.hap', buildZip([{ name: 'module.json', data: '{"app":{},"module":{}}' }]))))).toBe('manifestInvalid');
  });
});

describe('APP', () => {
  it('relies on pack.info for inner HAPs too large to open', async () => {
    const hap = buildHap(stageModuleJson({ debug: true }));
    const app = buildZip([
      { name: 'pack.info', data: packInfo('com.example.harmony', [{ name: 'entry', type: 'entry' }]) },
      { name: 'entry-default.hap', data: hap },
    ]);
    const path = await file('pack.app', app);
    const small = await parsePackage(path);
    expect(small).toMatchObject({ kind: 'app', packageName: 'com.example.harmony', versionCode: 2000000, versionName: '2.0.0', debuggable: true, label: 'Harmony Demo' });
    const limited = await parsePackage(path, { limits: { maxEntryBytes: hap.length - 1 } });
    expect(limited).toMatchObject({ kind: 'app', packageName: 'com.example.harmony', minSdk: 50000012, debuggable: false, label: null });
    expect(limited.extra.modules).toEqual([expect.objectContaining({ file: 'entry-default.hap', read: false })]);
  });
});

describe('RPK', () => {
  const manifest = {
    package: 'com.example.quick',
    name: 'Quick Demo',
    versionName: '1.2.0',
    versionCode: 12,
    minPlatformVersion: 1070,
    icon: '/Common/logo.png',
    features: [{ name: 'system.fetch' }, { name: 'system.storage' }],
    router: { entry: 'Home', pages: { Home: { component: 'index' } } },
  };

  it('reads manifest.json, the icon it names and the RPK signing block', async () => {
    const block = signingBlock([[0x01000101, v2Value([schemeSigner(dev)])]], 'RPK Sig Block 42');
    const rpk = buildZip(
      [
        { name: 'manifest.json', data: JSON.stringify(manifest) },
        { name: 'Common/logo.png', data: PNG_1x1 },
        { name: 'app.js', data: 'x', method: 'deflate' },
      ],
      { beforeCentralDirectory: block },
    );
    const path = await file('demo.rpk', rpk);
    expect(await detectKind(path)).toBe('rpk');
    const parsed = await parsePackage(path);
    expect(parsed).toMatchObject({
      kind: 'rpk',
      packageName: 'com.example.quick',
      versionCode: 12,
      versionName: '1.2.0',
      minSdk: 1070,
      label: 'Quick Demo',
      permissions: ['system.fetch', 'system.storage'],
      debuggable: false,
      signing: { schemes: ['v2'], certificates: [{ sha256: dev.sha256 }] },
    });
    expect(parsed.icon).toMatchObject({ entry: 'Common/logo.png', mime: 'image/png' });
    expect(parsed.extra.signing).toMatchObject({ format: 'RPK Sig Block 42', signers: [{ signedDataVerified: true }] });
  });

  it('reads the base RPK of an RPKS bundle', async () => {
    const base = buildZip([{ name: 'manifest.json', data: JSON.stringify(manifest) }]);
    const sub = buildZip([{ name: 'sub.js', data: 'x' }]);
    const path = await file('demo.rpks', buildZip([{ name: 'com.example.quick.base.rpk', data: base }, { name: 'com.example.quick.sub1.rpk', data: sub }]));
    expect(await detectKind(path)).toBe('rpk');
    const parsed = await parsePackage(path);
    expect(parsed.packageName).toBe('com.example.quick');
    expect(parsed.extra.rpks).toMatchObject({ base: 'com.example.quick.base.rpk' });
  });

  it('reads every RPK of an RPKS and refuses one signed by another key', async () => {
    const block = (who: TestSigner) => signingBlock([[0x01000101, v2Value([schemeSigner(who)])]], 'RPK Sig Block 42');
    const base = buildZip([{ name: 'manifest.json', data: JSON.stringify(manifest) }], { beforeCentralDirectory: block(dev) });
    const sub = buildZip([{ name: 'manifest.json', data: JSON.stringify({ ...manifest, versionCode: 12 }) }, { name: 'sub.js', data: 'x' }], { beforeCentralDirectory: block(dev) });
    const good = await parsePackage(await file('good.rpks', buildZip([{ name: 'com.example.quick.base.rpk', data: base }, { name: 'com.example.quick.pages.rpk', data: sub }])));
    expect(good.signing.certificates).toEqual([expect.objectContaining({ sha256: dev.sha256 })]);
    expect((good.extra.rpks as { packages: unknown[] }).packages).toEqual([
      expect.objectContaining({ name: 'com.example.quick.base.rpk', base: true, packageName: 'com.example.quick', certificates: [dev.sha256] }),
      expect.objectContaining({ name: 'com.example.quick.pages.rpk', base: false, packageName: 'com.example.quick', versionCode: 12, certificates: [dev.sha256] }),
    ]);
    const stranger = makeSigner('Someone Else', '09');
    const foreign = buildZip([{ name: 'sub.js', data: 'x' }], { beforeCentralDirectory: block(stranger) });
    const bad = parsePackage(await file('bad.rpks', buildZip([{ name: 'com.example.quick.base.rpk', data: base }, { name: 'com.example.quick.x.rpk', data: foreign }])));
    await expect(bad).rejects.toThrow(/signed with another certificate/);
    const many = Array.from({ length: 65 }, (_, i) => ({ name: `p${i}.rpk`, data: base }));
    await expect(parsePackage(await file('many.rpks', buildZip(many)))).rejects.toMatchObject({ reason: 'entryTooLarge' });
  });
});

describe('EXE', () => {
  it('reads VS_VERSION_INFO and a PNG icon from the resource section', async () => {
    const exe = buildPe({
      version: versionInfo({ ProductName: 'Wharf Desktop', CompanyName: 'Wharf Ltd', FileVersion: '1.2.3.4', ProductVersion: '1.2.3', OriginalFilename: 'wharf.exe' }, [1, 2, 3, 4]),
      icon: PNG_1x1,
    });
    const path = await file('setup.exe', exe);
    expect(await detectKind(path)).toBe('exe');
    const parsed = await parsePackage(path);
    expect(parsed).toMatchObject({ kind: 'exe', packageName: null, versionName: '1.2.3', label: 'Wharf Desktop', debuggable: false });
    expect(parsed.extra).toMatchObject({
      machine: 'x64',
      format: 'PE32+',
      subsystem: 'gui',
      versionInfo: true,
      fileVersion: '1.2.3.4',
      productVersion: '1.2.3',
      fixedFileVersion: '1.2.3.4',
      productName: 'Wharf Desktop',
      companyName: 'Wharf Ltd',
      originalFilename: 'wharf.exe',
    });
    expect(parsed.icon?.mime).toBe('image/png');
    expect(parsed.signing).toEqual({ schemes: [], certificates: [] });
  });

  it('reads the Authenticode signer certificate', async () => {
    const exe = buildPe({ version: versionInfo({ ProductVersion: '2.0' }, [2, 0, 0, 0]), authenticode: pkcs7Signature(dev, Buffer.from('spc indirect data'), { attach: true, extraCerts: [ca] }) });
    const parsed = await parsePackage(await file('signed.exe', exe));
    expect(parsed.versionName).toBe('2.0');
    expect(parsed.signing.certificates).toEqual([{ sha256: dev.sha256, subject: 'CN=Harmony Developer, O=Wharf Tests' }]);
    expect(parsed.extra.authenticode).toBe(true);
  });

  it('accepts a PE without version info, refuses an MZ without PE and a truncated PE', async () => {
    const plain = await parsePackage(await file('plain.exe', buildPe()));
    expect(plain).toMatchObject({ kind: 'exe', versionName: null, label: null, icon: null });
    expect(plain.extra.versionInfo).toBe(false);
    const dosOnly = Buffer.alloc(256);
    dosOnly.write('MZ', 0, 'latin1');
    expect(await reason(parsePackage(await file('dos.exe', dosOnly)))).toBe('notAPackage');
    const cut = buildPe({ version: versionInfo({ ProductVersion: '1' }, [1, 0, 0, 0]) }).subarray(0, 200);
    expect(await reason(parsePackage(await file('cut.exe', Buffer.from(cut))))).toBe('truncated');
  });
});

describe('OBB and WPK', () => {
  it('takes the package and version from the OBB name', async () => {
    expect(parseObbName('main.314.com.example.game.obb')).toEqual({ type: 'main', versionCode: 314, packageName: 'com.example.game' });
    expect(parseObbName('patch.1.com.example.game.obb')?.type).toBe('patch');
    expect(parseObbName('game.obb')).toBeNull();
    const path = await file('main.314.com.example.game.obb', buildZip([{ name: 'data/level1.bin', data: 'x' }]));
    expect(await detectKind(path)).toBe('obb');
    const obb = await parsePackage(path);
    expect(obb).toMatchObject({ kind: 'obb', packageName: 'com.example.game', versionCode: 314 });
    expect(obb.extra).toMatchObject({ obbType: 'main', container: 'zip', zipEntries: 1 });
    const stored = await file('upload-123', Buffer.from('opaque data'));
    const named = await parsePackage(stored, { kind: 'obb', fileName: 'patch.315.com.example.game.obb' });
    expect(named).toMatchObject({ packageName: 'com.example.game', versionCode: 315, extra: { container: 'opaque', obbType: 'patch' } });
    expect(await reason(parsePackage(stored, { kind: 'obb', fileName: 'game.obb' }))).toBe('notAPackage');
  });

  it('reads a WPK carrying a HarmonyOS config.json, and records an unknown WPK zip', async () => {
    const config = JSON.stringify({ app: { bundleName: 'com.example.watch', version: { code: 5, name: '0.5' }, apiVersion: { compatible: 5, target: 6 } }, module: { deviceType: ['liteWearable'] } });
    const path = await file('face.wpk', buildZip([{ name: 'config.json', data: config }, { name: 'js/app.js', data: 'x' }]));
    expect(await detectKind(path)).toBe('wpk');
    expect(await parsePackage(path)).toMatchObject({ kind: 'wpk', packageName: 'com.example.watch', versionCode: 5, versionName: '0.5', minSdk: 5, extra: { manifest: 'config.json', deviceTypes: ['liteWearable'] } });
    const unknown = await parsePackage(await file('other.wpk', buildZip([{ name: 'a.bin', data: 'x' }, { name: 'b.bin', data: 'y' }])));
    expect(unknown).toMatchObject({ kind: 'wpk', packageName: null, extra: { container: 'zip', entryCount: 2, manifest: null } });
  });
});
