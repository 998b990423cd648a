// HarmonyOS / OpenHarmony: HAP (stage model module.json, or FA model config.json), its
// label and icon through resources.index (harmony-resources.ts), the HAP signing block,
// and APP packs (pack.info plus inner .hap entries, read only when small enough).

import { asArray, asInt, asRecord, asString, emptyResult, parseJsonObject, readIcon, uniq, type ParseContext } from './common';
import { BufferSource } from './io';
import { readHapSigningBlock, type HapSigning } from './signing';
import { PackageParseError, type ParsedPackage } from './types';
import { parseResourcesIndex, pickIndexItem, refName, RES_TYPE_MEDIA, RES_TYPE_STRING, type IndexItem } from './harmony-resources';
import { ZipArchive } from './zip';

const MAX_JSON_BYTES = 4 * 1024 * 1024;
/** Inner HAPs of an APP larger than this are not opened; pack.info is used instead. */
export const MAX_INNER_HAP_BYTES = 32 * 1024 * 1024;

/** 50000012 → { apiLevel: 12, osVersion: '5.0.0' }; 12 → { apiLevel: 12 }. */
export function decodeApiVersion(raw: number | null): { apiLevel: number; osVersion?: string } | null {
  if (raw === null) return null;
  if (raw < 1000) return { apiLevel: raw };
  const apiLevel = raw % 1000;
  const major = Math.floor(raw / 10_000_000);
  const minor = Math.floor((raw % 10_000_000) / 100_000);
  const patch = Math.floor((raw % 100_000) / 1000);
  return { apiLevel, osVersion: `${major}.${minor}.${patch}` };
}

interface ModuleFacts {
  bundleName: string | null;
  versionCode: number | null;
  versionName: string | null;
  minApi: number | null;
  targetApi: number | null;
  debug: boolean;
  label: string | null;
  labelId: number | null;
  icon: string | null;
  iconId: number | null;
  permissions: string[];
  moduleName: string | null;
  moduleType: string | null;
  deviceTypes: string[];
  extra: Record<string, unknown>;
  model: 'stage' | 'fa';
}

function stageFacts(json: Record<string, unknown>): ModuleFacts {
  const app = asRecord(json.app);
  const module = asRecord(json.module);
  if (!app || !module) throw new PackageParseError('manifestInvalid', 'module.json lacks "app" or "module"');
  const abilities = asArray(module.abilities).map(asRecord).filter((a): a is Record<string, unknown> => !!a);
  const extra: Record<string, unknown> = {
    compileSdkVersion: asString(app.compileSdkVersion),
    compileSdkType: asString(app.compileSdkType),
    bundleType: asString(app.bundleType),
    vendor: asString(app.vendor),
    apiReleaseType: asString(app.apiReleaseType),
    mainElement: asString(module.mainElement),
    installationFree: typeof module.installationFree === 'boolean' ? module.installationFree : null,
    abilities: abilities.map((a) => ({ name: asString(a.name), label: asString(a.label), icon: asString(a.icon) })),
  };
  return {
    bundleName: asString(app.bundleName),
    versionCode: asInt(app.versionCode),
    versionName: asString(app.versionName),
    minApi: asInt(app.minAPIVersion),
    targetApi: asInt(app.targetAPIVersion),
    debug: app.debug === true,
    label: asString(app.label),
    labelId: asInt(app.labelId),
    icon: asString(app.icon),
    iconId: asInt(app.iconId),
    permissions: asArray(module.requestPermissions)
      .map((p) => asString(asRecord(p)?.name))
      .filter((n): n is string => !!n),
    moduleName: asString(module.name),
    moduleType: asString(module.type),
    deviceTypes: asArray(module.deviceTypes).filter((d): d is string => typeof d === 'string'),
    extra,
    model: 'stage',
  };
}

function faFacts(json: Record<string, unknown>): ModuleFacts {
  const app = asRecord(json.app);
  const module = asRecord(json.module);
  if (!app || !module) throw new PackageParseError('manifestInvalid', 'config.json lacks "app" or "module"');
  const version = asRecord(app.version) ?? {};
  const api = asRecord(app.apiVersion) ?? {};
  const distro = asRecord(module.distro) ?? {};
  const abilities = asArray(module.abilities).map(asRecord).filter((a): a is Record<string, unknown> => !!a);
  const main = abilities.find((a) => asArray(asRecord(asArray(a.skills)[0])?.entities).includes('entity.system.home')) ?? abilities[0];
  return {
    bundleName: asString(app.bundleName),
    versionCode: asInt(version.code),
    versionName: asString(version.name),
    minApi: asInt(api.compatible),
    targetApi: asInt(api.target),
    debug: asRecord(json.deviceConfig)?.default !== undefined && asRecord(asRecord(json.deviceConfig)?.default)?.debug === true,
    label: asString(main?.label) ?? asString(app.label),
    labelId: asInt(main?.labelId),
    icon: asString(main?.icon) ?? asString(app.icon),
    iconId: asInt(main?.iconId),
    permissions: asArray(module.reqPermissions)
      .map((p) => asString(asRecord(p)?.name))
      .filter((n): n is string => !!n),
    moduleName: asString(distro.moduleName),
    moduleType: asString(distro.moduleType),
    deviceTypes: asArray(module.deviceType).filter((d): d is string => typeof d === 'string'),
    extra: { apiReleaseType: asString(api.releaseType), vendor: asString(app.vendor) },
    model: 'fa',
  };
}

function summarisePackInfo(pack: Record<string, unknown>) {
  const summary = asRecord(pack.summary) ?? {};
  const app = asRecord(summary.app) ?? {};
  const version = asRecord(app.version) ?? {};
  const modules = asArray(summary.modules)
    .map(asRecord)
    .filter((m): m is Record<string, unknown> => !!m)
    .map((m) => {
      const distro = asRecord(m.distro) ?? {};
      const api = asRecord(m.apiVersion) ?? {};
      return {
        name: asString(distro.moduleName),
        type: asString(distro.moduleType),
        deviceTypes: asArray(m.deviceType).filter((d): d is string => typeof d === 'string'),
        compatible: asInt(api.compatible),
        target: asInt(api.target),
      };
    });
  const packages = asArray(pack.packages)
    .map(asRecord)
    .filter((p): p is Record<string, unknown> => !!p)
    .map((p) => ({ name: asString(p.name), moduleType: asString(p.moduleType), deviceTypes: asArray(p.deviceType).filter((d): d is string => typeof d === 'string') }));
  return {
    bundleName: asString(app.bundleName),
    bundleType: asString(app.bundleType),
    versionCode: asInt(version.code),
    versionName: asString(version.name),
    modules,
    packages,
  };
}

async function readJsonEntry(zip: ZipArchive, name: string): Promise<Record<string, unknown> | null> {
  const entry = zip.get(name);
  if (!entry) return null;
  return parseJsonObject(await zip.read(entry, MAX_JSON_BYTES), name);
}

/** Parses a HAP opened as `zip`; `signingSource` gives the signing block (null for none). */
async function parseHapZip(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  const result = emptyResult('hap');
  const moduleJson = await readJsonEntry(zip, 'module.json');
  const configJson = moduleJson ? null : await readJsonEntry(zip, 'config.json');
  if (!moduleJson && !configJson) throw new PackageParseError('notAPackage', 'not a HAP: module.json (or config.json) is missing');
  const facts = moduleJson ? stageFacts(moduleJson) : faFacts(configJson!);
  if (!facts.bundleName) throw new PackageParseError('manifestInvalid', 'the HAP has no bundleName');
  const pack = await readJsonEntry(zip, 'pack.info').catch((err: unknown) => {
    if (err instanceof PackageParseError && err.reason === 'manifestInvalid') return null;
    throw err;
  });

  result.packageName = facts.bundleName;
  result.versionCode = facts.versionCode;
  result.versionName = facts.versionName;
  result.minSdk = facts.minApi;
  result.targetSdk = facts.targetApi;
  result.permissions = uniq(facts.permissions);
  const minDecoded = decodeApiVersion(facts.minApi);
  const targetDecoded = decodeApiVersion(facts.targetApi);
  result.extra = {
    model: facts.model,
    moduleName: facts.moduleName,
    moduleType: facts.moduleType,
    deviceTypes: facts.deviceTypes,
    apiLevel: { min: minDecoded?.apiLevel ?? null, target: targetDecoded?.apiLevel ?? null },
    ...(minDecoded?.osVersion ? { minOsVersion: minDecoded.osVersion } : {}),
    ...(targetDecoded?.osVersion ? { targetOsVersion: targetDecoded.osVersion } : {}),
    debug: facts.debug,
    labelRef: facts.label,
    iconRef: facts.icon,
    ...Object.fromEntries(Object.entries(facts.extra).filter(([, v]) => v !== null)),
    packInfo: pack ? summarisePackInfo(pack) : null,
    entryCount: zip.entries.size,
  };

  // Label and icon through resources.index (small; skipped when it is not).
  let items: IndexItem[] | null = null;
  const index = zip.get('resources.index');
  if (index && index.uncompressedSize <= Math.min(ctx.limits.maxEntryBytes, 8 * 1024 * 1024)) {
    try {
      items = parseResourcesIndex(await zip.read(index));
      result.extra.resources = 'read';
    } catch (err) {
      if (err instanceof PackageParseError && err.reason !== 'manifestInvalid') throw err;
      result.extra.resources = 'unreadable';
    }
  } else result.extra.resources = index ? 'tooLarge' : 'missing';

  const labelName = refName(facts.label, 'string');
  if (facts.label && !labelName) result.label = facts.label;
  else if (labelName) {
    const item = items ? pickIndexItem(items, facts.labelId, RES_TYPE_STRING, labelName) : undefined;
    result.label = item?.value || facts.label;
  }

  const iconName = refName(facts.icon, 'media');
  const candidates: string[] = [];
  if (iconName) {
    const item = items ? pickIndexItem(items, facts.iconId, RES_TYPE_MEDIA, iconName) : undefined;
    if (item?.value) {
      // Paths in the index start with the module name ("entry/resources/base/media/x.png").
      const path = item.value.replace(/^[^/]+\/(?=resources\/)/, '');
      if (path.endsWith('.json')) candidates.push(...(await layeredForeground(zip, path, items!)));
      else candidates.push(path);
    }
    for (const ext of ['png', 'webp', 'jpg', 'jpeg']) candidates.push(`resources/base/media/${iconName}.${ext}`);
  } else if (facts.icon && !facts.icon.startsWith('$')) {
    candidates.push(facts.icon.replace(/^\/+/, ''));
  }
  result.icon = await readIcon(zip, uniq(candidates));

  const signing = await readHapSigningBlock(ctx.source, zip.end.centralDirectoryOffset);
  applyHapSigning(result, signing);
  result.debuggable = facts.debug || (signing?.profile?.type === 'debug');
  return result;
}

/** A layered icon (JSON: {"layered-image": {"foreground": "$media:x", ...}}): its foreground's file. */
async function layeredForeground(zip: ZipArchive, path: string, items: IndexItem[]): Promise<string[]> {
  try {
    const json = await readJsonEntry(zip, path);
    const layered = asRecord(json?.['layered-image']);
    const out: string[] = [];
    for (const layer of ['foreground', 'background']) {
      const name = refName(asString(layered?.[layer]), 'media');
      const item = name ? pickIndexItem(items, null, RES_TYPE_MEDIA, name) : undefined;
      if (item?.value) out.push(item.value.replace(/^[^/]+\/(?=resources\/)/, ''));
    }
    return out;
  } catch (err) {
    if (err instanceof PackageParseError && (err.reason === 'zipBomb' || err.reason === 'timeout')) throw err;
    return [];
  }
}

function applyHapSigning(result: ParsedPackage, signing: HapSigning | null): void {
  if (!signing) {
    result.extra.signing = { signed: false };
    return;
  }
  result.signing = { schemes: ['hap'], certificates: signing.certificates };
  result.extra.signing = {
    signed: true,
    blockVersion: signing.version,
    blockTypes: signing.blockTypes,
    chain: signing.chain,
  };
  if (signing.profile) {
    result.extra.profile = signing.profile;
    const profileCerts = [signing.profile.distributionCertificateSha256, signing.profile.developmentCertificateSha256].filter(Boolean);
    if (profileCerts.length && signing.certificates[0]) {
      (result.extra.signing as Record<string, unknown>).certificateMatchesProfile = profileCerts.includes(signing.certificates[0].sha256);
    }
  }
}

export async function parseHap(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  return parseHapZip(zip, ctx);
}

export async function parseApp(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  const result = emptyResult('app');
  const pack = await readJsonEntry(zip, 'pack.info');
  if (!pack) throw new PackageParseError('notAPackage', 'not an APP pack: pack.info is missing');
  const info = summarisePackInfo(pack);
  if (!info.bundleName) throw new PackageParseError('manifestInvalid', 'pack.info has no summary.app.bundleName');
  const innerNames = zip.names().filter((n) => /^[^/]+\.(hap|hsp)$/.test(n));
  if (innerNames.length === 0) throw new PackageParseError('notAPackage', 'not an APP pack: it holds no .hap modules');
  result.packageName = info.bundleName;
  result.versionCode = info.versionCode;
  result.versionName = info.versionName;
  const entryModule = info.modules.find((m) => m.type === 'entry') ?? info.modules[0];
  result.minSdk = entryModule?.compatible ?? null;
  result.targetSdk = entryModule?.target ?? null;
  const modules: Array<Record<string, unknown>> = [];
  const permissions: string[] = [];
  let debug = false;
  let entryParsed: ParsedPackage | null = null;
  const order = [...innerNames].sort((a, b) => Number(/entry/.test(b)) - Number(/entry/.test(a)));
  for (const name of order.slice(0, 64)) {
    const entry = zip.get(name)!;
    const module: Record<string, unknown> = { file: name, size: entry.uncompressedSize };
    modules.push(module);
    if (entry.uncompressedSize > Math.min(MAX_INNER_HAP_BYTES, ctx.limits.maxEntryBytes)) {
      module.read = false;
      continue;
    }
    // Nested zip: opened from a bounded in-memory buffer with the same limits (never deeper).
    const inner = await zip.read(entry);
    const source = new BufferSource(inner, ctx.signal);
    const innerZip = await ZipArchive.open(source, ctx.limits);
    try {
      const parsed = await parseHapZip(innerZip, { ...ctx, source });
      module.read = true;
      module.moduleName = parsed.extra.moduleName;
      module.moduleType = parsed.extra.moduleType;
      module.deviceTypes = parsed.extra.deviceTypes;
      module.bundleName = parsed.packageName;
      module.versionCode = parsed.versionCode;
      module.debug = parsed.debuggable;
      module.certificates = parsed.signing.certificates.map((c) => c.sha256);
      permissions.push(...parsed.permissions);
      debug ||= parsed.debuggable;
      if (!entryParsed || (parsed.extra.moduleType === 'entry' && entryParsed.extra.moduleType !== 'entry')) entryParsed = parsed;
    } finally {
      innerZip.close();
    }
  }
  result.permissions = uniq(permissions);
  result.debuggable = debug;
  if (entryParsed) {
    result.label = entryParsed.label;
    result.icon = entryParsed.icon;
    result.minSdk ??= entryParsed.minSdk;
    result.targetSdk ??= entryParsed.targetSdk;
  }
  const minDecoded = decodeApiVersion(result.minSdk);
  const targetDecoded = decodeApiVersion(result.targetSdk);
  result.extra = {
    packInfo: info,
    modules,
    apiLevel: { min: minDecoded?.apiLevel ?? null, target: targetDecoded?.apiLevel ?? null },
    ...(minDecoded?.osVersion ? { minOsVersion: minDecoded.osVersion } : {}),
    entryCount: zip.entries.size,
  };
  const outer = await readHapSigningBlock(ctx.source, zip.end.centralDirectoryOffset);
  if (outer) applyHapSigning(result, outer);
  else if (entryParsed) {
    // An unsigned pack of signed modules: report the entry module's signature.
    result.signing = entryParsed.signing;
    result.extra.signing = { signed: false, fromModule: true, module: entryParsed.extra.moduleName };
    if (entryParsed.extra.profile) result.extra.profile = entryParsed.extra.profile;
  } else result.extra.signing = { signed: false };
  if (result.extra.profile && (result.extra.profile as Record<string, unknown>).type === 'debug') result.debuggable = true;
  return result;
}
