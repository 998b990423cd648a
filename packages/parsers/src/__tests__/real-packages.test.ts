// Parser tests on real build outputs: the HAP and AAB from ../shared/fixtures/packages (see its
// README for their origin and facts) and an APK from the npm registry (see ../test-kit/real-apk.ts).

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKind, parsePackage } from '../index';
import { REAL_APK, realApkPath } from '../test-kit/real-apk';
import { packInfo } from '../test-kit/packages';
import { buildZip } from '../test-kit/zip-writer';
import { describeWithRealBuilds, REAL_AAB, REAL_HAP } from '../test-kit/real-builds';

const HAP = REAL_HAP;
const AAB = REAL_AAB;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-real-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeWithRealBuilds('real HAP (arktscalc-debug-signed.hap)', () => {
  it('reads the module.json facts the fixture README lists', async () => {
    expect(await detectKind(HAP)).toBe('hap');
    const hap = await parsePackage(HAP);
    expect(hap.kind).toBe('hap');
    expect(hap.packageName).toBe('com.samples.arktscalc');
    expect(hap.versionCode).toBe(1000000);
    expect(hap.versionName).toBe('1.0.0');
    expect(hap.minSdk).toBe(12);
    expect(hap.targetSdk).toBe(12);
    expect(hap.debuggable).toBe(true);
    expect(hap.extra.debug).toBe(true);
    expect(hap.extra.labelRef).toBe('$string:app_name');
    expect(hap.extra.iconRef).toBe('$media:app_icon');
    expect(hap.extra.apiLevel).toEqual({ min: 12, target: 12 });
    expect(hap.extra.moduleName).toBe('entry');
    expect(hap.extra.deviceTypes).toEqual(['default']);
    expect(hap.extra.packInfo).toMatchObject({ bundleName: 'com.samples.arktscalc', versionCode: 1000000, versionName: '1.0.0' });
  });

  it('resolves the label through resources.index and finds the icon file', async () => {
    const hap = await parsePackage(HAP);
    // resources.index maps $string:app_name (id 0x01000000) to "arktscalc" in the base config.
    expect(hap.label).toBe('arktscalc');
    expect(hap.icon?.entry).toBe('resources/base/media/app_icon.png');
    expect(hap.icon?.mime).toBe('image/png');
    expect(hap.icon?.bytes.length).toBe(6790);
  });

  it('reads the HAP signing block: signer certificate and provisioning profile', async () => {
    const hap = await parsePackage(HAP);
    expect(hap.signing.schemes).toEqual(['hap']);
    // Same value as `openssl pkcs7 -print_certs` on sub-block 0x20000000 | `openssl x509 -fingerprint -sha256`.
    expect(hap.signing.certificates).toEqual([
      { sha256: 'f0fc4b3bce25886ad7506e2d05e030046da3d7ecef3187c309639bb0f5643e62', subject: 'CN=ide_demo_app, OU=Unit, O=Organization, C=CN' },
    ]);
    expect(hap.extra.profile).toMatchObject({ type: 'release', bundleName: 'com.samples.arktscalc', distributionCertificateSha256: hap.signing.certificates[0]!.sha256 });
    expect(hap.extra.signing).toMatchObject({ signed: true, blockVersion: 3, certificateMatchesProfile: true });
  });

  it('reads an APP pack built around the real HAP (pack.info + stored inner .hap)', async () => {
    const appPath = join(dir, 'calc.app');
    const hapBytes = await readFile(HAP);
    await writeFile(
      appPath,
      buildZip([
        { name: 'pack.info', data: packInfo('com.samples.arktscalc', [{ name: 'entry', type: 'entry' }]) },
        { name: 'entry-default.hap', data: hapBytes },
      ]),
    );
    expect(await detectKind(appPath)).toBe('app');
    const app = await parsePackage(appPath);
    expect(app.kind).toBe('app');
    expect(app.packageName).toBe('com.samples.arktscalc');
    expect(app.versionCode).toBe(2000000); // from pack.info, which this test wrote
    expect(app.minSdk).toBe(50000012);
    expect(app.extra.apiLevel).toEqual({ min: 12, target: 18 });
    expect(app.debuggable).toBe(true); // the inner module is a debug build
    expect(app.label).toBe('arktscalc');
    expect(app.icon?.entry).toBe('resources/base/media/app_icon.png');
    expect(app.signing.certificates[0]?.sha256).toBe('f0fc4b3bce25886ad7506e2d05e030046da3d7ecef3187c309639bb0f5643e62');
    expect(app.extra.modules).toEqual([
      expect.objectContaining({ file: 'entry-default.hap', read: true, moduleName: 'entry', bundleName: 'com.samples.arktscalc', versionCode: 1000000 }),
    ]);
  });
});

describeWithRealBuilds('real AAB (tipsy-release.aab)', () => {
  it('reads the protobuf manifest facts the fixture README lists', async () => {
    expect(await detectKind(AAB)).toBe('aab');
    const aab = await parsePackage(AAB);
    expect(aab.kind).toBe('aab');
    expect(aab.packageName).toBe('com.dhruv.tipsy');
    expect(aab.versionCode).toBe(1);
    expect(aab.versionName).toBe('1.0');
    expect(aab.minSdk).toBe(21);
    expect(aab.targetSdk).toBe(30);
    expect(aab.extra.compileSdk).toBe(30);
    expect(aab.extra.bundleConfig).toBe(true);
    expect(aab.extra.modules).toEqual(['base']);
    expect(aab.debuggable).toBe(false);
    expect(aab.permissions).toEqual([]);
  });

  it('resolves label and icon through base/resources.pb', async () => {
    const aab = await parsePackage(AAB);
    expect(aab.label).toBe('Tipsy');
    expect(aab.extra.labelRef).toMatch(/^@0x7f/);
    expect(aab.icon?.entry).toBe('base/res/mipmap-xxxhdpi-v4/ic_launcher.png');
    expect(aab.icon?.mime).toBe('image/png');
  });

  it('reads the v1 JAR signature (META-INF/KEY0.RSA)', async () => {
    const aab = await parsePackage(AAB);
    expect(aab.signing.schemes).toEqual(['v1']);
    // Same value as `openssl pkcs7 -inform DER -print_certs` | `openssl x509 -fingerprint -sha256`.
    expect(aab.signing.certificates).toEqual([{ sha256: '1e5e45ae164a03898f9b5df4034b6d06bb09e9abfc248faed3a473e21239e179', subject: 'CN=Dhruv Sharma' }]);
  });
});

describe('real APK (io.appium.settings 8.0.10 from the npm registry)', () => {
  let apk: string | null = null;
  let skipReason = '';
  beforeAll(async () => {
    const got = await realApkPath();
    if ('path' in got) apk = got.path;
    else {
      skipReason = got.skip;
      console.warn(`[parsers] skipping the real APK test: ${got.skip}`);
    }
  }, 180_000);

  it('matches what aapt and apksigner report', async (ctx) => {
    if (!apk) return ctx.skip(skipReason);
    const f = REAL_APK.facts;
    expect(await detectKind(apk)).toBe('apk');
    const parsed = await parsePackage(apk);
    expect(parsed).toMatchObject({
      kind: 'apk',
      packageName: f.packageName,
      versionCode: f.versionCode,
      versionName: f.versionName,
      minSdk: f.minSdk,
      targetSdk: f.targetSdk,
      label: f.label,
      debuggable: f.debuggable,
    });
    expect(parsed.extra.compileSdk).toBe(f.compileSdk);
    expect(parsed.permissions).toHaveLength(f.permissionCount);
    expect(parsed.permissions).toContain('android.permission.INTERNET');
    expect(parsed.icon?.entry).toBe(f.icon);
    expect(parsed.icon?.mime).toBe('image/png');
    expect(parsed.signing.schemes).toEqual(f.schemes);
    expect(parsed.signing.certificates).toHaveLength(1);
    expect(parsed.signing.certificates[0]!.sha256).toBe(f.certificateSha256);
    expect(parsed.signing.certificates[0]!.subject).toContain(f.certificateSubject);
    expect(parsed.extra.signing).toMatchObject({
      v2: { signers: [{ certificate: f.certificateSha256, signedDataVerified: true, publicKeyMatchesCertificate: true }] },
      androidDebugCertificate: true,
    });
  });
});
