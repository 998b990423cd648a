// APKs assembled in the test (hand-made AXML manifest, resources.arsc, icons, v1 PKCS#7 by
// node-forge, v2/v3 signing blocks signed with node:crypto): the readers on bytes we control.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKind, PackageParseError, parsePackage } from '../index';
import { buildAxml } from '../test-kit/axml-writer';
import { A, buildApk, manifestNode, pngOfSize } from '../test-kit/packages';
import { makeSigner, type TestSigner } from '../test-kit/signing-writer';

let dir: string;
let n = 0;
let alice: TestSigner;
let bob: TestSigner;

async function file(bytes: Buffer, name = `t${n++}.apk`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function failure(promise: Promise<unknown>): Promise<PackageParseError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PackageParseError) return err;
    throw err;
  }
  throw new Error('expected the parse to fail');
}

const base = {
  packageName: 'com.example.wharf',
  versionCode: 42,
  versionName: '4.2.0',
  minSdk: 24,
  targetSdk: 34,
  compileSdk: 34,
  permissions: ['android.permission.INTERNET', 'android.permission.CAMERA', 'android.permission.INTERNET'],
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-apk-'));
  alice = makeSigner('Alice Developer', '0a');
  bob = makeSigner('Bob Developer', '0b');
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('APK manifest (AXML)', () => {
  it('reads package, versions, SDKs, permissions, label literal and debuggable (UTF-16 pool)', async () => {
    const path = await file(buildApk({ manifest: { ...base, label: 'Literal Label', debuggable: true } }));
    expect(await detectKind(path)).toBe('apk');
    const apk = await parsePackage(path);
    expect(apk).toMatchObject({
      kind: 'apk',
      packageName: 'com.example.wharf',
      versionCode: 42,
      versionName: '4.2.0',
      minSdk: 24,
      targetSdk: 34,
      label: 'Literal Label',
      debuggable: true,
      icon: null,
      signing: { schemes: [], certificates: [] },
    });
    expect(apk.permissions).toEqual(['android.permission.INTERNET', 'android.permission.CAMERA']);
    expect(apk.extra.compileSdk).toBe(34);
  });

  it('reads a UTF-8 string pool the same way', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: { ...base, label: 'Ünïcode ✓' }, axml: { utf8: true } })));
    expect(apk.packageName).toBe('com.example.wharf');
    expect(apk.label).toBe('Ünïcode ✓');
    expect(apk.debuggable).toBe(false);
  });

  it('tells required features from optional ones', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: { ...base, features: [{ name: 'android.hardware.telephony' }, { name: 'android.hardware.nfc', required: false }, { name: 'android.hardware.camera', required: true }] } })));
    expect(apk.extra.features).toEqual(['android.hardware.telephony', 'android.hardware.nfc', 'android.hardware.camera']);
    expect(apk.extra.requiredFeatures).toEqual(['android.hardware.telephony', 'android.hardware.camera']);
    expect(apk.extra.supportsScreens).toBeUndefined();
  });

  it('reads the screen sizes supports-screens states', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: { ...base, screens: { large: false, xlarge: false, normal: true } } })));
    expect(apk.extra.supportsScreens).toEqual({ normal: true, large: false, xlarge: false });
  });

  it('identifies attributes by resource id when an obfuscator blanked their names', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, axml: { blankAttributeNames: true } })));
    expect(apk.versionCode).toBe(42);
    expect(apk.minSdk).toBe(24);
    expect(apk.targetSdk).toBe(34);
    expect(apk.permissions).toContain('android.permission.CAMERA');
  });

  it('resolves label and icon references through resources.arsc (default locale, highest density raster)', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, resources: true })));
    expect(apk.label).toBe('Wharf Demo');
    expect(apk.extra.labelRef).toBe('@0x7f010000');
    expect(apk.icon?.entry).toBe('res/mipmap-xxxhdpi-v4/ic_launcher.webp');
    expect(apk.icon?.mime).toBe('image/webp');
    expect(apk.extra.resources).toBe('read');
  });

  it('keeps the raw reference when resources.arsc is missing', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: { ...base, label: 0x7f0e001b, icon: 0x7f0c0000 } })));
    expect(apk.label).toBe('@0x7f0e001b');
    expect(apk.icon).toBeNull();
    expect(apk.extra.resources).toBe('missing');
  });

  it('follows an adaptive icon to its foreground drawable when no raster config exists', async () => {
    // The icon resource only has an XML value; its <foreground> points at a raster drawable.
    const { buildArsc } = await import('../test-kit/axml-writer');
    const { bytes, ids } = buildArsc('com.example.wharf', [
      { type: 'mipmap', name: 'ic_launcher', values: [{ density: 0xfffe, value: { type: 'string', value: 'res/mipmap-anydpi-v26/ic_launcher.xml' } }] },
      { type: 'drawable', name: 'fg', values: [{ density: 480, value: { type: 'string', value: 'res/drawable-xxhdpi/fg.png' } }] },
    ]);
    const adaptive = buildAxml({
      name: 'adaptive-icon',
      children: [{ name: 'foreground', attrs: [{ name: 'drawable', resId: A.drawable, value: { type: 'ref', value: ids['drawable/fg']! } }] }],
    });
    const apk = await parsePackage(
      await file(
        buildApk({
          manifest: { ...base, icon: ids['mipmap/ic_launcher'] },
          extraEntries: [
            { name: 'resources.arsc', data: bytes },
            { name: 'res/mipmap-anydpi-v26/ic_launcher.xml', data: adaptive },
            { name: 'res/drawable-xxhdpi/fg.png', data: pngOfSize(9) },
          ],
        }),
      ),
    );
    expect(apk.icon?.entry).toBe('res/drawable-xxhdpi/fg.png');
  });

  it('refuses a text (uncompiled) manifest and garbage manifests as manifestInvalid', async () => {
    const text = await failure(parsePackage(await file(buildApk({ manifestBytes: Buffer.from('<?xml version="1.0"?><manifest package="x"/>') })), { kind: 'apk' }));
    expect(text.reason).toBe('manifestInvalid');
    const good = buildAxml(manifestNode(base));
    const cut = Buffer.from(good.subarray(0, good.length - 40));
    expect((await failure(parsePackage(await file(buildApk({ manifestBytes: cut }))))).reason).toBe('manifestInvalid');
    const badPool = Buffer.from(good);
    badPool.writeUInt32LE(0x7fffffff, 8 + 8); // string count far beyond the chunk
    expect((await failure(parsePackage(await file(buildApk({ manifestBytes: badPool }))))).reason).toBe('manifestInvalid');
    const noPackage = buildAxml(manifestNode({ ...base, packageName: undefined }));
    expect((await failure(parsePackage(await file(buildApk({ manifestBytes: noPackage }))))).reason).toBe('manifestInvalid');
  });
});

describe('APK signatures', () => {
  it('reads a v1 JAR signature (PKCS#7 in META-INF/CERT.RSA)', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, v1: alice })));
    expect(apk.signing.schemes).toEqual(['v1']);
    expect(apk.signing.certificates).toEqual([{ sha256: alice.sha256, subject: 'CN=Alice Developer, O=Wharf Tests' }]);
  });

  it('reads v2 and v3 blocks, verifies each signer over its signed data, and lists every scheme', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, v1: alice, v2: [alice], v3: alice })));
    expect(apk.signing.schemes).toEqual(['v1', 'v2', 'v3']);
    expect(apk.signing.certificates.map((c) => c.sha256)).toEqual([alice.sha256]);
    expect(apk.extra.signing).toMatchObject({
      blockIds: ['0x7109871a', '0xf05368c0'],
      v2: { signers: [{ certificate: alice.sha256, signedDataVerified: true, publicKeyMatchesCertificate: true }] },
      v3: { signers: [{ certificate: alice.sha256, signedDataVerified: true, minSdk: 24 }] },
    });
  });

  it('reads a v2-only APK (minSdk 24+, no META-INF signature) — the case most libraries miss', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, v2: [bob] })));
    expect(apk.signing.schemes).toEqual(['v2']);
    expect(apk.signing.certificates.map((c) => c.sha256)).toEqual([bob.sha256]);
  });

  it('reports several signers and a signature that does not verify', async () => {
    const apk = await parsePackage(await file(buildApk({ manifest: base, v2: [alice, bob], tamperV2: true })));
    expect(apk.signing.certificates.map((c) => c.sha256)).toEqual([alice.sha256, bob.sha256]);
    expect(apk.extra.signing).toMatchObject({
      v2: { signers: [{ certificate: alice.sha256, signedDataVerified: false }, { certificate: bob.sha256, signedDataVerified: true }] },
    });
  });

  it('refuses a damaged signing block and a non-PKCS#7 v1 signature', async () => {
    const { signingBlock } = await import('../test-kit/signing-writer');
    const block = signingBlock([[0x7109871a, Buffer.from([1, 2, 3, 4, 5, 6, 7, 8])]]);
    block.writeUInt32LE(0xffff, 0); // header size no longer matches the footer
    const damaged = await failure(parsePackage(await file(buildApk({ manifest: base, rawSigningBlock: block }))));
    expect(damaged.reason).toBe('notAPackage');
    expect(damaged.message).toMatch(/signing block/);
    const garbageSigner = signingBlock([[0x7109871a, Buffer.from([9, 0, 0, 0, 1, 2])]]);
    expect((await failure(parsePackage(await file(buildApk({ manifest: base, rawSigningBlock: garbageSigner }))))).reason).toBe('notAPackage');
    const badV1 = buildApk({ manifest: base, extraEntries: [{ name: 'META-INF/CERT.RSA', data: Buffer.from('not der') }] });
    const v1 = await failure(parsePackage(await file(badV1)));
    expect(v1.reason).toBe('notAPackage');
    expect(v1.message).toMatch(/PKCS#7/);
  });
});
