// OBB expansion files and WPK watch packages: stored with their metadata.
//
// OBB: Google Play's naming convention `main|patch.<versionCode>.<package>.obb` gives the
// package and version; the content is opaque (a zip, a FAT image made by jobb, or anything),
// so only its container type is sniffed.
//
// WPK: no public specification of the format was found. Watch packages for HarmonyOS/LiteOS
// wearables are zip containers; when one carries a HarmonyOS config.json/module.json or a
// quick-app manifest.json it is read, otherwise the zip's validity and entry count are recorded.

import { asArray, asInt, asRecord, asString, emptyResult, parseJsonObject, readIcon, type ParseContext } from './common';
import { decodeApiVersion } from './harmony';
import { readEndOfCentralDirectory, type ZipArchive } from './zip';
import { PackageParseError, type ParsedPackage } from './types';

const OBB_NAME = /^(main|patch)\.(\d{1,10})\.([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+)\.obb$/;

export function parseObbName(fileName: string): { type: 'main' | 'patch'; versionCode: number; packageName: string } | null {
  const m = OBB_NAME.exec(fileName);
  if (!m) return null;
  return { type: m[1] as 'main' | 'patch', versionCode: Number(m[2]), packageName: m[3]! };
}

export async function parseObb(ctx: ParseContext): Promise<ParsedPackage> {
  const result = emptyResult('obb');
  const name = parseObbName(ctx.fileName);
  if (!name) {
    throw new PackageParseError('notAPackage', `an OBB must be named main.<versionCode>.<package>.obb or patch.<versionCode>.<package>.obb (got ${JSON.stringify(ctx.fileName)})`);
  }
  if (ctx.source.size === 0) throw new PackageParseError('notAPackage', 'the OBB file is empty');
  result.packageName = name.packageName;
  result.versionCode = name.versionCode;
  let container = 'opaque';
  const head = await ctx.source.read(0, Math.min(512, ctx.source.size));
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    try {
      const end = await readEndOfCentralDirectory(ctx.source);
      container = 'zip';
      Object.assign(result.extra, { zipEntries: end.entryCount });
    } catch {
      container = 'damagedZip';
    }
  } else if (head.length === 512 && head[510] === 0x55 && head[511] === 0xaa) container = 'fat';
  result.extra = { ...result.extra, obbType: name.type, size: ctx.source.size, container };
  return result;
}

export async function parseWpk(zip: ZipArchive): Promise<ParsedPackage> {
  const result = emptyResult('wpk');
  result.extra = { container: 'zip', entryCount: zip.entries.size, manifest: null };
  const readJson = async (name: string) => {
    const entry = zip.get(name);
    return entry ? parseJsonObject(await zip.read(entry, 4 * 1024 * 1024), name) : null;
  };
  const config = (await readJson('config.json')) ?? (await readJson('module.json'));
  if (config) {
    const app = asRecord(config.app) ?? {};
    const module = asRecord(config.module) ?? {};
    const version = asRecord(app.version) ?? {};
    const api = asRecord(app.apiVersion) ?? {};
    result.packageName = asString(app.bundleName);
    result.versionCode = asInt(app.versionCode) ?? asInt(version.code);
    result.versionName = asString(app.versionName) ?? asString(version.name);
    result.minSdk = asInt(app.minAPIVersion) ?? asInt(api.compatible);
    result.targetSdk = asInt(app.targetAPIVersion) ?? asInt(api.target);
    result.debuggable = app.debug === true;
    result.permissions = [...asArray(module.requestPermissions), ...asArray(module.reqPermissions)]
      .map((p) => asString(asRecord(p)?.name))
      .filter((n): n is string => !!n);
    const label = asString(app.label);
    result.label = label;
    result.extra.manifest = zip.has('config.json') ? 'config.json' : 'module.json';
    result.extra.deviceTypes = [...asArray(module.deviceTypes), ...asArray(module.deviceType)].filter((d): d is string => typeof d === 'string');
    result.extra.apiLevel = { min: decodeApiVersion(result.minSdk)?.apiLevel ?? null, target: decodeApiVersion(result.targetSdk)?.apiLevel ?? null };
    return result;
  }
  const manifest = await readJson('manifest.json');
  if (manifest) {
    result.packageName = asString(manifest.package) ?? asString(manifest.bundleName) ?? asString(manifest.id);
    result.versionCode = asInt(manifest.versionCode);
    result.versionName = asString(manifest.versionName) ?? asString(manifest.version);
    result.minSdk = asInt(manifest.minPlatformVersion) ?? asInt(manifest.minAPIVersion);
    result.label = asString(manifest.name) ?? asString(manifest.label);
    result.extra.manifest = 'manifest.json';
    const icon = asString(manifest.icon);
    if (icon) result.icon = await readIcon(zip, [icon.replace(/^\/+/, '')]);
  }
  return result;
}
