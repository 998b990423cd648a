// Quick app RPK: a zip with manifest.json (package, name, versionName, versionCode,
// minPlatformVersion, icon, features, permissions). hap-toolkit signs RPKs with a block laid
// out like the APK Signing Block (magic "RPK Sig Block 42", signer list id 0x01000101 in the
// APK v2 signer format); META-INF/CERT holds a signed digest zip. An RPKS bundles several
// RPKs (sub-packages): its base RPK is read when small.

import { asArray, asInt, asRecord, asString, emptyResult, parseJsonObject, readIcon, uniq, type ParseContext } from './common';
import { BufferSource } from './io';
import { ID_RPK_SIGNERS, ID_V2, parseSchemeSigners, readApkSigningBlock, readV1Signatures, reportSigners } from './signing';
import { PackageParseError, type ParsedPackage, type SignerCertificate, type SigningScheme } from './types';
import { ZipArchive } from './zip';

/** SHA-256 of the debug certificate hap-toolkit signs with when no key is given (@hap-toolkit/packager, lib/signature/pem/certificate.pem). */
export const HAP_TOOLKIT_DEBUG_CERT_SHA256 = '4e8e1ee24968b0dad6d0956a7e14d848b38b22a203f39c389a45d8737bdc4585';

const MAX_INNER_RPK_BYTES = 32 * 1024 * 1024;

/** The most sub-packages an RPKS may bundle; hap-toolkit builds a base and a handful. */
export const MAX_RPKS_ENTRIES = 64;

/** Does this JSON look like a quick app manifest? */
export function isQuickAppManifest(json: Record<string, unknown>): boolean {
  return typeof json.package === 'string' && (json.router !== undefined || json.features !== undefined || json.minPlatformVersion !== undefined || json.display !== undefined);
}

export async function parseRpk(zip: ZipArchive, ctx: ParseContext): Promise<ParsedPackage> {
  const manifestEntry = zip.get('manifest.json');
  if (!manifestEntry) {
    const inner = zip.names().filter((n) => /^[^/]+\.rpk$/.test(n));
    if (inner.length) return parseRpks(zip, ctx, inner);
    throw new PackageParseError('notAPackage', 'not an RPK: manifest.json is missing');
  }
  const manifest = parseJsonObject(await zip.read(manifestEntry, 4 * 1024 * 1024), 'manifest.json');
  const packageName = asString(manifest.package);
  if (!packageName) throw new PackageParseError('manifestInvalid', 'manifest.json has no "package"');
  const result = emptyResult('rpk');
  result.packageName = packageName;
  result.versionCode = asInt(manifest.versionCode);
  result.versionName = asString(manifest.versionName) ?? (typeof manifest.versionName === 'number' ? String(manifest.versionName) : null);
  result.minSdk = asInt(manifest.minPlatformVersion);
  result.label = asString(manifest.name);
  const features = asArray(manifest.features)
    .map((f) => asString(asRecord(f)?.name))
    .filter((n): n is string => !!n);
  const permissions = asArray(manifest.permissions)
    .map((p) => (typeof p === 'string' ? p : asString(asRecord(p)?.name)))
    .filter((n): n is string => !!n);
  // A quick app asks for capabilities by declaring features; both lists are what it may use.
  result.permissions = uniq([...permissions, ...features]);
  const config = asRecord(manifest.config);
  result.extra = {
    features,
    declaredPermissions: permissions,
    icon: asString(manifest.icon),
    deviceTypeList: asArray(manifest.deviceTypeList).filter((d): d is string => typeof d === 'string'),
    designWidth: config ? asInt(config.designWidth) : null,
    subpackages: asArray(manifest.subpackages)
      .map((s) => asString(asRecord(s)?.name))
      .filter((n): n is string => !!n),
    hasCertDigest: zip.has('META-INF/CERT'),
    entryCount: zip.entries.size,
  };
  const icon = asString(manifest.icon);
  if (icon) result.icon = await readIcon(zip, [icon.replace(/^\/+/, '')]);

  const signing = await readRpkSigning(ctx.source, zip);
  result.signing = { schemes: signing.schemes, certificates: signing.certificates };
  if (signing.details) result.extra.signing = signing.details;
  const debugSigned = result.signing.certificates.some((c) => c.sha256 === HAP_TOOLKIT_DEBUG_CERT_SHA256);
  result.extra.debugCertificate = debugSigned;
  result.debuggable = debugSigned || config?.debug === true;
  return result;
}

/** The RPK signing block (or, for old packages, the v1 signature) of one RPK. */
async function readRpkSigning(source: ParseContext['source'], zip: ZipArchive): Promise<{ schemes: SigningScheme[]; certificates: SignerCertificate[]; details: Record<string, unknown> | null }> {
  const block = await readApkSigningBlock(source, zip.end.centralDirectoryOffset);
  const signers = block ? (block.pairs.get(ID_RPK_SIGNERS) ?? block.pairs.get(ID_V2)) : undefined;
  if (block && signers) {
    const report = reportSigners(parseSchemeSigners(signers, false));
    return { schemes: ['v2'], certificates: report.certificates, details: { format: block.magic, signers: report.signers } };
  }
  const v1 = await readV1Signatures(zip);
  return v1.certificates.length ? { schemes: ['v1'], certificates: v1.certificates, details: null } : { schemes: [], certificates: [], details: null };
}

export interface RpksEntry {
  name: string;
  size: number;
  base: boolean;
  /** Null for a sub-package without its own manifest.json (it takes the base's). */
  packageName: string | null;
  versionCode: number | null;
  versionName: string | null;
  certificates: string[];
  entryCount: number;
}

/**
 * An RPKS: every bundled RPK is opened and read with the RPK reader (each bounded like a
 * top-level package). The base RPK gives the facts; every other one must be the same app
 * and carry the same signer, or the bundle is refused.
 */
async function parseRpks(zip: ZipArchive, ctx: ParseContext, inner: string[]): Promise<ParsedPackage> {
  if (inner.length > MAX_RPKS_ENTRIES) throw new PackageParseError('entryTooLarge', `the RPKS bundles ${inner.length} RPKs; at most ${MAX_RPKS_ENTRIES} are read`);
  const base = inner.find((n) => /(^|[.-])(base|main)\.rpk$/.test(n)) ?? [...inner].sort()[0]!;
  const entries: RpksEntry[] = [];
  let result: ParsedPackage | null = null;
  for (const name of [...inner].sort()) {
    const entry = zip.get(name)!;
    if (entry.uncompressedSize > Math.min(MAX_INNER_RPK_BYTES, ctx.limits.maxEntryBytes)) {
      throw new PackageParseError('entryTooLarge', `the RPK ${name} of this RPKS is too large to inspect`);
    }
    const source = new BufferSource(await zip.read(entry), ctx.signal);
    const innerZip = await ZipArchive.open(source, ctx.limits);
    try {
      const isBase = name === base;
      if (innerZip.has('manifest.json')) {
        const parsed = await parseRpk(innerZip, { ...ctx, source });
        entries.push({ name, size: entry.uncompressedSize, base: isBase, packageName: parsed.packageName, versionCode: parsed.versionCode, versionName: parsed.versionName, certificates: parsed.signing.certificates.map((c) => c.sha256), entryCount: innerZip.entries.size });
        if (isBase) result = parsed;
      } else {
        if (isBase) throw new PackageParseError('notAPackage', `the RPKS's ${base} has no manifest.json`);
        const signing = await readRpkSigning(source, innerZip);
        entries.push({ name, size: entry.uncompressedSize, base: false, packageName: null, versionCode: null, versionName: null, certificates: signing.certificates.map((c) => c.sha256), entryCount: innerZip.entries.size });
      }
    } finally {
      innerZip.close();
    }
  }
  const baseResult = result!;
  const baseCerts = baseResult.signing.certificates.map((c) => c.sha256);
  for (const e of entries) {
    if (e.packageName !== null && e.packageName !== baseResult.packageName) {
      throw new PackageParseError('manifestInvalid', `the RPKS bundles ${e.name} of ${e.packageName}, not of ${baseResult.packageName}`);
    }
    if (e.certificates.length && baseCerts.length && !e.certificates.some((c) => baseCerts.includes(c))) {
      throw new PackageParseError('manifestInvalid', `${e.name} is signed with another certificate than the base RPK ${base}`);
    }
  }
  baseResult.extra.rpks = { base, packages: entries };
  return baseResult;
}
