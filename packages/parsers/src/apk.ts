// APK: binary AndroidManifest.xml, resources.arsc (label and icon), v1 + v2/v3 signatures.

import { childElements, findAttr, parseBinaryXml, type XmlElement, type XmlValue } from './axml';
import { ArscError, pickString, rankIconPaths, resolveDeep, ResourceTable } from './arsc';
import { emptyResult, readIcon, uniq, type ParseContext } from './common';
import {
  ID_DEPENDENCY_INFO,
  ID_SOURCE_STAMP_V1,
  ID_SOURCE_STAMP_V2,
  ID_V2,
  ID_V3,
  ID_V31,
  parseSchemeSigners,
  readApkSigningBlock,
  readV1Signatures,
  reportSigners,
  type SchemeReport,
} from './signing';
import { PackageParseError, type ParsedPackage, type SignerCertificate, type SigningScheme } from './types';
import type { ZipArchive } from './zip';

// android.R.attr ids
export const ATTR = {
  label: 0x01010001,
  icon: 0x01010002,
  name: 0x01010003,
  debuggable: 0x0101000f,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
  maxSdkVersion: 0x01010271,
  testOnly: 0x01010272,
  installLocation: 0x010102b7,
  usesCleartextTraffic: 0x010104ec,
  roundIcon: 0x0101052c,
  compileSdkVersion: 0x01010572,
  compileSdkVersionCodename: 0x01010573,
  versionCodeMajor: 0x01010576,
  required: 0x0101028e,
  drawable: 0x01010199,
  smallScreens: 0x01010284,
  normalScreens: 0x01010285,
  largeScreens: 0x01010286,
  xlargeScreens: 0x010102bf,
} as const;

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

export function formatRef(id: number): string {
  return `@0x${id.toString(16).padStart(8, '0')}`;
}

function intOf(v: XmlValue | undefined): number | null {
  if (!v) return null;
  if (v.type === 'int') return v.value;
  if (v.type === 'string' && /^-?\d+$/.test(v.value.trim())) return Number(v.value.trim());
  return null;
}

function strOf(v: XmlValue | undefined): string | null {
  if (!v) return null;
  if (v.type === 'string') return v.value;
  if (v.type === 'int') return String(v.value);
  if (v.type === 'ref') return formatRef(v.id);
  return null;
}

/** The manifest facts shared by APK (binary XML) and AAB (protobuf XML, converted to the same tree). */
export interface ManifestFacts {
  packageName: string | null;
  versionCode: number | null;
  versionName: string | null;
  minSdk: number | null;
  targetSdk: number | null;
  permissions: string[];
  debuggable: boolean;
  label: XmlValue | undefined;
  icon: XmlValue | undefined;
  extra: Record<string, unknown>;
}

export function manifestFacts(root: XmlElement): ManifestFacts {
  if (root.name !== 'manifest') throw new PackageParseError('manifestInvalid', `the manifest's root element is <${root.name}>, not <manifest>`);
  const extra: Record<string, unknown> = {};
  const packageName = strOf(findAttr(root, -1, 'package')?.value);
  if (!packageName) throw new PackageParseError('manifestInvalid', 'the manifest has no package name');
  const versionCodeValue = findAttr(root, ATTR.versionCode, 'versionCode')?.value;
  let versionCode = intOf(versionCodeValue);
  if (versionCode !== null && versionCode < 0) versionCode = versionCode >>> 0;
  const major = intOf(findAttr(root, ATTR.versionCodeMajor, 'versionCodeMajor')?.value);
  if (major) extra.longVersionCode = major * 2 ** 32 + (versionCode ?? 0);
  const versionName = strOf(findAttr(root, ATTR.versionName, 'versionName')?.value);
  const compileSdk = intOf(findAttr(root, ATTR.compileSdkVersion, 'compileSdkVersion')?.value);
  if (compileSdk !== null) extra.compileSdk = compileSdk;
  const codename = strOf(findAttr(root, ATTR.compileSdkVersionCodename, 'compileSdkVersionCodename')?.value);
  if (codename) extra.compileSdkCodename = codename;
  const platformBuild = intOf(findAttr(root, -1, 'platformBuildVersionCode')?.value);
  if (platformBuild !== null) extra.platformBuildVersionCode = platformBuild;
  const installLocation = intOf(findAttr(root, ATTR.installLocation, 'installLocation')?.value);
  if (installLocation !== null) extra.installLocation = ['auto', 'internalOnly', 'preferExternal'][installLocation] ?? installLocation;
  const split = strOf(findAttr(root, -1, 'split')?.value);
  if (split) extra.split = split;

  let minSdk: number | null = null;
  let targetSdk: number | null = null;
  const usesSdk = childElements(root, 'uses-sdk')[0];
  if (usesSdk) {
    const min = findAttr(usesSdk, ATTR.minSdkVersion, 'minSdkVersion')?.value;
    const target = findAttr(usesSdk, ATTR.targetSdkVersion, 'targetSdkVersion')?.value;
    minSdk = intOf(min);
    targetSdk = intOf(target);
    if (minSdk === null && min?.type === 'string') extra.minSdkCodename = min.value;
    if (targetSdk === null && target?.type === 'string') extra.targetSdkCodename = target.value;
    const max = intOf(findAttr(usesSdk, ATTR.maxSdkVersion, 'maxSdkVersion')?.value);
    if (max !== null) extra.maxSdk = max;
  }
  // Android's default when uses-sdk is absent.
  if (minSdk === null && !extra.minSdkCodename) minSdk = 1;
  if (targetSdk === null && !extra.targetSdkCodename) targetSdk = minSdk;

  const permissions = uniq(
    [...childElements(root, 'uses-permission'), ...childElements(root, 'uses-permission-sdk-23'), ...childElements(root, 'uses-permission-sdk-m')]
      .map((el) => strOf(findAttr(el, ATTR.name, 'name')?.value))
      .filter((n): n is string => !!n),
  );
  const declared = childElements(root, 'permission')
    .map((el) => strOf(findAttr(el, ATTR.name, 'name')?.value))
    .filter((n): n is string => !!n);
  if (declared.length) extra.declaredPermissions = uniq(declared);
  const featureElements = childElements(root, 'uses-feature');
  const features = featureElements.map((el) => strOf(findAttr(el, ATTR.name, 'name')?.value)).filter((n): n is string => !!n);
  if (features.length) extra.features = uniq(features);
  // android:required="false" means "used when present": only the rest narrow the devices.
  const required = featureElements
    .filter((el) => {
      const r = findAttr(el, ATTR.required, 'required')?.value;
      return !(r?.type === 'bool' && r.value === false);
    })
    .map((el) => strOf(findAttr(el, ATTR.name, 'name')?.value))
    .filter((n): n is string => !!n);
  if (required.length) extra.requiredFeatures = uniq(required);
  const screens = childElements(root, 'supports-screens')[0];
  if (screens) {
    // Only explicit values: an absent attribute means "supported" on every API level we accept.
    const sizes: Record<string, boolean> = {};
    for (const size of ['small', 'normal', 'large', 'xlarge'] as const) {
      const key = `${size}Screens` as const;
      const v = findAttr(screens, ATTR[key], key)?.value;
      if (v?.type === 'bool') sizes[size] = v.value;
    }
    extra.supportsScreens = sizes;
  }

  const app = childElements(root, 'application')[0];
  let debuggable = false;
  let label: XmlValue | undefined;
  let icon: XmlValue | undefined;
  if (app) {
    const dbg = findAttr(app, ATTR.debuggable, 'debuggable')?.value;
    debuggable = dbg?.type === 'bool' ? dbg.value : dbg?.type === 'int' ? dbg.value !== 0 : dbg?.type === 'string' ? dbg.value === 'true' : false;
    const testOnly = findAttr(app, ATTR.testOnly, 'testOnly')?.value;
    if (testOnly?.type === 'bool' && testOnly.value) extra.testOnly = true;
    const cleartext = findAttr(app, ATTR.usesCleartextTraffic, 'usesCleartextTraffic')?.value;
    if (cleartext?.type === 'bool') extra.usesCleartextTraffic = cleartext.value;
    label = findAttr(app, ATTR.label, 'label')?.value;
    icon = findAttr(app, ATTR.icon, 'icon')?.value ?? findAttr(app, ATTR.roundIcon, 'roundIcon')?.value;
  }
  return { packageName, versionCode, versionName, minSdk, targetSdk, permissions, debuggable, label, icon, extra };
}

export async function parseApk(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  const result = emptyResult('apk');
  const manifestEntry = zip.get('AndroidManifest.xml');
  if (!manifestEntry) throw new PackageParseError('notAPackage', 'not an APK: AndroidManifest.xml is missing');
  const manifest = await zip.read(manifestEntry, MAX_MANIFEST_BYTES);
  const facts = manifestFacts(parseBinaryXml(manifest));
  Object.assign(result, {
    packageName: facts.packageName,
    versionCode: facts.versionCode,
    versionName: facts.versionName,
    minSdk: facts.minSdk,
    targetSdk: facts.targetSdk,
    permissions: facts.permissions,
    debuggable: facts.debuggable,
  });
  result.extra = { ...facts.extra, entryCount: zip.entries.size };
  const abis = uniq(zip.names().map((n) => /^lib\/([^/]+)\/[^/]+\.so$/.exec(n)?.[1]).filter((x): x is string => !!x));
  if (abis.length) result.extra.abis = abis.sort();

  // Label and icon through resources.arsc, when it is readable within the limits.
  const needsTable = facts.label?.type === 'ref' || facts.icon?.type === 'ref';
  let table: ResourceTable | null = null;
  if (needsTable) {
    const arsc = zip.get('resources.arsc');
    if (!arsc) result.extra.resources = 'missing';
    else if (arsc.uncompressedSize > ctx.limits.maxEntryBytes) result.extra.resources = 'tooLarge';
    else {
      try {
        table = new ResourceTable(await zip.read(arsc));
        result.extra.resources = 'read';
      } catch (err) {
        if (err instanceof PackageParseError && err.reason !== 'manifestInvalid') throw err;
        if (!(err instanceof ArscError || err instanceof PackageParseError || err instanceof RangeError)) throw err;
        result.extra.resources = 'unreadable';
      }
    }
  }
  result.label = resolveLabel(facts.label, table, result.extra);
  result.icon = await resolveIcon(zip, facts.icon, table, result.extra);

  await readApkSignatures(zip, ctx, result);
  return result;
}

export function resolveLabel(label: XmlValue | undefined, table: ResourceTable | null, extra: Record<string, unknown>): string | null {
  if (!label) return null;
  if (label.type === 'string') return label.value;
  if (label.type !== 'ref') return null;
  extra.labelRef = formatRef(label.id);
  if (table) {
    try {
      const s = pickString(resolveDeep(table, label.id));
      if (s !== null) return s;
    } catch {
      // fall through to the reference
    }
  }
  return formatRef(label.id);
}

async function resolveIcon(zip: ZipArchive, icon: XmlValue | undefined, table: ResourceTable | null, extra: Record<string, unknown>) {
  if (!icon) return null;
  if (icon.type === 'string') return readIcon(zip, [icon.value]);
  if (icon.type !== 'ref') return null;
  extra.iconRef = formatRef(icon.id);
  if (!table) return null;
  const paths = iconPaths(table, icon.id);
  const found = await readIcon(zip, paths);
  if (found) return found;
  // Adaptive icon only (XML): follow its foreground drawable once.
  for (const xmlPath of paths.filter((p) => p.endsWith('.xml')).slice(0, 2)) {
    const entry = zip.get(xmlPath);
    if (!entry || entry.uncompressedSize > 256 * 1024) continue;
    try {
      const root = parseBinaryXml(await zip.read(entry));
      for (const layer of ['foreground', 'background']) {
        const el = childElements(root, layer)[0];
        const drawable = el ? findAttr(el, ATTR.drawable, 'drawable')?.value : undefined;
        if (drawable?.type === 'ref') {
          const inner = await readIcon(zip, iconPaths(table, drawable.id));
          if (inner) return inner;
        }
      }
    } catch (err) {
      if (err instanceof PackageParseError && (err.reason === 'zipBomb' || err.reason === 'timeout')) throw err;
    }
  }
  return null;
}

function iconPaths(table: ResourceTable, id: number): string[] {
  try {
    const values = resolveDeep(table, id)
      .filter((v) => v.value.type === 'string')
      .map((v) => ({ density: v.config.density, path: (v.value as { value: string }).value }));
    return rankIconPaths(values);
  } catch {
    return [];
  }
}

/** Signing facts of an APK-like zip: v1 in META-INF, v2/v3 in the APK Signing Block. */
export async function readApkSignatures(zip: ZipArchive, ctx: ParseContext, result: ParsedPackage, v1Prefix = ''): Promise<void> {
  const schemes: SigningScheme[] = [];
  const certificates: SignerCertificate[] = [];
  const details: Record<string, unknown> = {};
  const add = (list: SignerCertificate[]) => {
    for (const c of list) if (!certificates.some((x) => x.sha256 === c.sha256)) certificates.push(c);
  };
  const v1 = await readV1Signatures(zip, v1Prefix);
  if (v1.certificates.length) {
    schemes.push('v1');
    details.v1 = { files: v1.files, certificates: v1.certificates.map((c) => c.sha256) };
  }
  const block = await readApkSigningBlock(ctx.source, zip.end.centralDirectoryOffset);
  if (block) {
    details.blockIds = [...block.pairs.keys()].map((id) => `0x${id.toString(16).padStart(8, '0')}`);
    const reports: Array<[SigningScheme, string, SchemeReport]> = [];
    const v2 = block.pairs.get(ID_V2);
    if (v2) reports.push(['v2', 'v2', reportSigners(parseSchemeSigners(v2, false))]);
    const v3 = block.pairs.get(ID_V3);
    if (v3) reports.push(['v3', 'v3', reportSigners(parseSchemeSigners(v3, true))]);
    const v31 = block.pairs.get(ID_V31);
    if (v31) reports.push(['v3', 'v31', reportSigners(parseSchemeSigners(v31, true))]);
    for (const [scheme, key, report] of reports) {
      if (!schemes.includes(scheme)) schemes.push(scheme);
      details[key] = { certificates: report.certificates.map((c) => c.sha256), signers: report.signers };
    }
    // v3 (the current key after rotation) first, then v2, then v1.
    for (const key of ['v31', 'v3', 'v2']) {
      const r = reports.find((x) => x[1] === key);
      if (r) add(r[2].certificates);
    }
    if (block.pairs.has(ID_SOURCE_STAMP_V1) || block.pairs.has(ID_SOURCE_STAMP_V2)) details.sourceStamp = true;
    if (block.pairs.has(ID_DEPENDENCY_INFO)) details.dependencyInfo = true;
  }
  add(v1.certificates);
  const order: SigningScheme[] = ['v1', 'v2', 'v3'];
  result.signing = { schemes: order.filter((s) => schemes.includes(s)), certificates };
  if (certificates.some((c) => c.subject?.includes('CN=Android Debug'))) details.androidDebugCertificate = true;
  result.extra.signing = details;
}
