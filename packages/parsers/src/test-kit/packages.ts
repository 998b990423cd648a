// Assembles complete test packages (APK, HAP, APP, RPK, WPK) from the writers in this folder.

import { buildArsc, buildAxml, type AxmlAttr, type AxmlNode, type AxmlOptions } from './axml-writer';
import { pkcs7Signature, schemeSigner, signingBlock, v2Value, type TestSigner } from './signing-writer';
import { buildZip, type ZipEntrySpec } from './zip-writer';

/** A valid 1x1 PNG (and a tiny WebP) so icons can be sniffed. */
export const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360f8cfc0f01f0005000201' + 'a5f3b2e70000000049454e44ae426082',
  'hex',
);
export function pngOfSize(tag: number): Buffer {
  // A PNG signature followed by a distinguishing payload: enough for the sniffer, distinct bytes per density.
  return Buffer.concat([PNG_1x1, Buffer.from([tag])]);
}

export const A = {
  label: 0x01010001,
  icon: 0x01010002,
  name: 0x01010003,
  debuggable: 0x0101000f,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
  compileSdkVersion: 0x01010572,
  drawable: 0x01010199,
  required: 0x0101028e,
} as const;

export interface ManifestSpec {
  packageName?: string;
  versionCode?: number;
  versionName?: string;
  minSdk?: number;
  targetSdk?: number;
  compileSdk?: number;
  permissions?: string[];
  label?: string | number;
  icon?: string | number;
  debuggable?: boolean;
  /** uses-feature elements; required defaults to true as on Android. */
  features?: Array<{ name: string; required?: boolean }>;
  /** supports-screens attributes, e.g. { xlarge: false }. */
  screens?: Partial<Record<'small' | 'normal' | 'large' | 'xlarge', boolean>>;
}

export function manifestNode(spec: ManifestSpec): AxmlNode {
  const attrs: AxmlAttr[] = [];
  if (spec.versionCode !== undefined) attrs.push({ name: 'versionCode', resId: A.versionCode, value: { type: 'int', value: spec.versionCode } });
  if (spec.versionName !== undefined) attrs.push({ name: 'versionName', resId: A.versionName, value: { type: 'string', value: spec.versionName } });
  if (spec.compileSdk !== undefined) attrs.push({ name: 'compileSdkVersion', resId: A.compileSdkVersion, value: { type: 'int', value: spec.compileSdk } });
  if (spec.packageName !== undefined) attrs.push({ name: 'package', value: { type: 'string', value: spec.packageName } });
  const children: AxmlNode[] = [];
  const sdk: AxmlAttr[] = [];
  if (spec.minSdk !== undefined) sdk.push({ name: 'minSdkVersion', resId: A.minSdkVersion, value: { type: 'int', value: spec.minSdk } });
  if (spec.targetSdk !== undefined) sdk.push({ name: 'targetSdkVersion', resId: A.targetSdkVersion, value: { type: 'int', value: spec.targetSdk } });
  if (sdk.length) children.push({ name: 'uses-sdk', attrs: sdk });
  for (const p of spec.permissions ?? []) children.push({ name: 'uses-permission', attrs: [{ name: 'name', resId: A.name, value: { type: 'string', value: p } }] });
  if (spec.screens) {
    const ids = { small: 0x01010284, normal: 0x01010285, large: 0x01010286, xlarge: 0x010102bf };
    children.push({
      name: 'supports-screens',
      attrs: Object.entries(spec.screens).map(([size, on]) => ({ name: `${size}Screens`, resId: ids[size as keyof typeof ids], value: { type: 'bool' as const, value: on } })),
    });
  }
  for (const f of spec.features ?? []) {
    const attrs: AxmlAttr[] = [{ name: 'name', resId: A.name, value: { type: 'string', value: f.name } }];
    if (f.required !== undefined) attrs.push({ name: 'required', resId: A.required, value: { type: 'bool', value: f.required } });
    children.push({ name: 'uses-feature', attrs });
  }
  const app: AxmlAttr[] = [];
  if (spec.label !== undefined)
    app.push({ name: 'label', resId: A.label, value: typeof spec.label === 'number' ? { type: 'ref', value: spec.label } : { type: 'string', value: spec.label } });
  if (spec.icon !== undefined)
    app.push({ name: 'icon', resId: A.icon, value: typeof spec.icon === 'number' ? { type: 'ref', value: spec.icon } : { type: 'string', value: spec.icon } });
  if (spec.debuggable !== undefined) app.push({ name: 'debuggable', resId: A.debuggable, value: { type: 'bool', value: spec.debuggable } });
  children.push({ name: 'application', attrs: app, children: [{ name: 'activity', attrs: [{ name: 'name', resId: A.name, value: { type: 'string', value: '.Main' } }] }] });
  return { name: 'manifest', attrs, children };
}

export interface ApkSpec {
  manifest?: ManifestSpec;
  manifestBytes?: Buffer;
  axml?: AxmlOptions;
  /** Adds a resources.arsc with app_name and a launcher icon in three densities (+ an adaptive XML). */
  resources?: boolean;
  v1?: TestSigner;
  v2?: TestSigner[];
  v3?: TestSigner;
  tamperV2?: boolean;
  extraEntries?: ZipEntrySpec[];
  /** Replace the signing block bytes (hostile tests). */
  rawSigningBlock?: Buffer;
}

export function buildApk(spec: ApkSpec = {}): Buffer {
  const entries: ZipEntrySpec[] = [];
  let manifest = spec.manifest ?? {};
  if (spec.resources) {
    const { bytes, ids } = buildArsc('com.example.wharf', [
      {
        type: 'string',
        name: 'app_name',
        values: [
          { value: { type: 'string', value: 'Wharf Demo' } },
          { language: 'fr', value: { type: 'string', value: 'Démo Wharf' } },
        ],
      },
      {
        type: 'mipmap',
        name: 'ic_launcher',
        values: [
          { density: 160, value: { type: 'string', value: 'res/mipmap-mdpi-v4/ic_launcher.png' } },
          { density: 640, value: { type: 'string', value: 'res/mipmap-xxxhdpi-v4/ic_launcher.webp' } },
          { density: 320, value: { type: 'string', value: 'res/mipmap-xhdpi-v4/ic_launcher.png' } },
          { density: 0xfffe, value: { type: 'string', value: 'res/mipmap-anydpi-v26/ic_launcher.xml' } },
        ],
      },
    ]);
    manifest = { ...manifest, label: ids['string/app_name'], icon: ids['mipmap/ic_launcher'] };
    entries.push({ name: 'resources.arsc', data: bytes });
    entries.push({ name: 'res/mipmap-mdpi-v4/ic_launcher.png', data: pngOfSize(1), method: 'deflate' });
    entries.push({ name: 'res/mipmap-xhdpi-v4/ic_launcher.png', data: pngOfSize(2), method: 'deflate' });
    entries.push({ name: 'res/mipmap-xxxhdpi-v4/ic_launcher.webp', data: WEBP_TINY });
  }
  const manifestBytes = spec.manifestBytes ?? buildAxml(manifestNode(manifest), spec.axml);
  entries.unshift({ name: 'AndroidManifest.xml', data: manifestBytes, method: 'deflate' });
  entries.push({ name: 'classes.dex', data: Buffer.from('dex\n035\0'), method: 'deflate' });
  entries.push(...(spec.extraEntries ?? []));
  if (spec.v1) {
    const mf = Buffer.from('Manifest-Version: 1.0\r\nCreated-By: wharf-tests\r\n\r\n');
    const sf = Buffer.from('Signature-Version: 1.0\r\nCreated-By: wharf-tests\r\n\r\n');
    entries.push({ name: 'META-INF/MANIFEST.MF', data: mf, method: 'deflate' });
    entries.push({ name: 'META-INF/CERT.SF', data: sf, method: 'deflate' });
    entries.push({ name: 'META-INF/CERT.RSA', data: pkcs7Signature(spec.v1, sf), method: 'deflate' });
  }
  const pairs: Array<[number, Buffer]> = [];
  if (spec.v2?.length) pairs.push([0x7109871a, v2Value(spec.v2.map((s, i) => schemeSigner(s, { tamper: spec.tamperV2 && i === 0 })))]);
  if (spec.v3) pairs.push([0xf05368c0, v2Value([schemeSigner(spec.v3, { v3: true })])]);
  const block = spec.rawSigningBlock ?? (pairs.length ? signingBlock(pairs) : undefined);
  return buildZip(entries, { beforeCentralDirectory: block });
}

/** A tiny lossless WebP header (RIFF....WEBPVP8L) followed by a payload: sniffable as image/webp. */
export const WEBP_TINY = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L', 'latin1'),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);

export function stageModuleJson(overrides: { bundleName?: string; versionCode?: number; minAPIVersion?: number; targetAPIVersion?: number; debug?: boolean; permissions?: string[]; label?: string; icon?: string; moduleType?: string; moduleName?: string } = {}): string {
  return JSON.stringify({
    app: {
      bundleName: overrides.bundleName ?? 'com.example.harmony',
      versionCode: overrides.versionCode ?? 2000000,
      versionName: '2.0.0',
      minAPIVersion: overrides.minAPIVersion ?? 50000012,
      targetAPIVersion: overrides.targetAPIVersion ?? 50100018,
      debug: overrides.debug ?? false,
      label: overrides.label ?? 'Harmony Demo',
      icon: overrides.icon ?? '$media:app_icon',
    },
    module: {
      name: overrides.moduleName ?? 'entry',
      type: overrides.moduleType ?? 'entry',
      deviceTypes: ['phone', 'tablet'],
      requestPermissions: (overrides.permissions ?? ['ohos.permission.INTERNET']).map((name) => ({ name })),
      abilities: [{ name: 'EntryAbility', label: '$string:EntryAbility_label', icon: '$media:icon' }],
    },
  });
}

export function buildHap(moduleJson = stageModuleJson(), extra: ZipEntrySpec[] = [], signingBlockBytes?: Buffer): Buffer {
  return buildZip(
    [
      { name: 'module.json', data: moduleJson },
      { name: 'resources/base/media/app_icon.png', data: PNG_1x1 },
      { name: 'ets/modules.abc', data: Buffer.alloc(64, 1) },
      ...extra,
    ],
    { beforeCentralDirectory: signingBlockBytes },
  );
}

export function packInfo(bundleName: string, modules: Array<{ name: string; type: string }>): string {
  return JSON.stringify({
    summary: {
      app: { bundleName, bundleType: 'app', version: { code: 2000000, name: '2.0.0' } },
      modules: modules.map((m) => ({
        deviceType: ['phone'],
        distro: { moduleType: m.type, moduleName: m.name },
        apiVersion: { compatible: 50000012, target: 50100018, releaseType: 'Release' },
      })),
    },
    packages: modules.map((m) => ({ name: `${m.name}-default`, moduleType: m.type, deviceType: ['phone'] })),
  });
}
