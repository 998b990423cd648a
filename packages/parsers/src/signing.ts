// Signing information: the APK Signing Block (v2/v3, also used by quick-app RPKs with another
// magic), the OpenHarmony HAP signing block, and v1 JAR signatures (PKCS#7 in META-INF).
// Only the block before the central directory and a few small entries are read: the content
// digests are NOT recomputed (that would read the whole file). What is checked cheaply is that
// each v2/v3 signer's signature over its signed data verifies with its public key, and that
// the key is the one in its first certificate.

import { createPublicKey, verify as cryptoVerify, constants as cryptoConstants, X509Certificate, type KeyObject } from 'node:crypto';
import { DerError, describeCertificate, parseSignedData, pemToDer, sha256Hex } from './der';
import type { RandomSource } from './io';
import { MAX_SIGNING_BLOCK_BYTES, PackageParseError, type SignerCertificate } from './types';
import type { ZipArchive } from './zip';

export const APK_SIG_MAGIC = 'APK Sig Block 42';
export const RPK_SIG_MAGIC = 'RPK Sig Block 42';
export const ID_V2 = 0x7109871a;
export const ID_V3 = 0xf05368c0;
export const ID_V31 = 0x1b93ad61;
export const ID_VERITY_PADDING = 0x42726577;
export const ID_SOURCE_STAMP_V1 = 0x2b09189e;
export const ID_SOURCE_STAMP_V2 = 0x6dff800d;
export const ID_DEPENDENCY_INFO = 0x504b4453;
/** hap-toolkit's RPK signer list (same layout as APK v2) and its per-file digest block. */
export const ID_RPK_SIGNERS = 0x01000101;
export const ID_RPK_FILE_DIGESTS = 0x01000201;

export interface SigningBlock {
  magic: string;
  offset: number;
  size: number;
  pairs: Map<number, Buffer>;
}

/**
 * Reads the APK (or RPK) Signing Block that ends where the central directory starts.
 * Returns null when there is none; throws when one is announced but damaged.
 */
export async function readApkSigningBlock(source: RandomSource, cdOffset: number): Promise<SigningBlock | null> {
  if (cdOffset < 32) return null;
  const footer = await source.read(cdOffset - 24, 24);
  const magic = footer.subarray(8, 24).toString('latin1');
  if (magic !== APK_SIG_MAGIC && magic !== RPK_SIG_MAGIC) return null;
  const sizeBig = footer.readBigUInt64LE(0);
  if (sizeBig < 24n || sizeBig > BigInt(MAX_SIGNING_BLOCK_BYTES)) {
    throw new PackageParseError('notAPackage', `the signing block declares an invalid size (${sizeBig})`);
  }
  const size = Number(sizeBig);
  const offset = cdOffset - size - 8;
  if (offset < 0) throw new PackageParseError('truncated', 'the signing block starts before the file does: truncated or damaged');
  const block = await source.read(offset, size + 8);
  if (block.readBigUInt64LE(0) !== sizeBig) {
    throw new PackageParseError('notAPackage', 'the signing block header and footer sizes differ: damaged signing block');
  }
  const pairs = new Map<number, Buffer>();
  let p = 8;
  const end = block.length - 24;
  while (p < end) {
    if (p + 12 > end) throw new PackageParseError('notAPackage', 'the signing block has a truncated pair');
    const lengthBig = block.readBigUInt64LE(p);
    if (lengthBig < 4n || lengthBig > BigInt(end - p - 8)) throw new PackageParseError('notAPackage', 'the signing block has a pair of invalid length');
    const length = Number(lengthBig);
    const id = block.readUInt32LE(p + 8);
    pairs.set(id, block.subarray(p + 12, p + 8 + length));
    p += 8 + length;
  }
  return { magic, offset, size: size + 8, pairs };
}

class Cursor {
  constructor(
    private readonly buf: Buffer,
    private pos = 0,
    private readonly end = buf.length,
  ) {}
  get remaining(): number {
    return this.end - this.pos;
  }
  u32(): number {
    if (this.remaining < 4) throw new PackageParseError('notAPackage', 'signing block: truncated field');
    const v = this.buf.readUInt32LE(this.pos);
    this.pos += 4;
    return v;
  }
  prefixed(): Buffer {
    const length = this.u32();
    if (length > this.remaining) throw new PackageParseError('notAPackage', 'signing block: length-prefixed field too long');
    const out = this.buf.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  /** A length-prefixed sequence of length-prefixed items. */
  sequence(): Buffer[] {
    const seq = new Cursor(this.prefixed());
    const items: Buffer[] = [];
    while (seq.remaining > 0) {
      items.push(seq.prefixed());
      if (items.length > 10_000) throw new PackageParseError('notAPackage', 'signing block: too many items');
    }
    return items;
  }
}

const MAX_SIGNERS = 32;

export interface BlockSigner {
  certificates: Buffer[];
  /** The signature over the signed data verified with the signer's public key. */
  signedDataVerified: boolean;
  /** The public key field equals the first certificate's key. */
  publicKeyMatchesCertificate: boolean;
  minSdk?: number;
  maxSdk?: number;
}

/** Parses a v2 (or v3 when `v3`) signature scheme block value: its signers, certificates and self-consistency. */
export function parseSchemeSigners(value: Buffer, v3: boolean): BlockSigner[] {
  const signers: BlockSigner[] = [];
  const all = new Cursor(value).sequence();
  if (all.length > MAX_SIGNERS) throw new PackageParseError('notAPackage', `the signing block lists ${all.length} signers (at most ${MAX_SIGNERS} are read)`);
  for (const signerBytes of all) {
    const signer = new Cursor(signerBytes);
    const signedData = signer.prefixed();
    let minSdk: number | undefined;
    let maxSdk: number | undefined;
    if (v3) {
      minSdk = signer.u32();
      maxSdk = signer.u32();
    }
    const signatures = signer.sequence();
    const publicKey = signer.prefixed();
    const sd = new Cursor(signedData);
    sd.sequence(); // digests
    const certificates = sd.sequence().map((c) => Buffer.from(c));
    let key: KeyObject | null = null;
    try {
      key = createPublicKey({ key: Buffer.from(publicKey), format: 'der', type: 'spki' });
    } catch {
      key = null;
    }
    let signedDataVerified = false;
    if (key) {
      for (const sig of signatures.slice(0, 8)) {
        const c = new Cursor(sig);
        const algorithm = c.u32();
        const signature = c.prefixed();
        if (verifySignature(algorithm, key, signedData, signature)) {
          signedDataVerified = true;
          break;
        }
      }
    }
    let publicKeyMatchesCertificate = false;
    const first = certificates[0];
    if (first && key) {
      try {
        const certKey = new X509Certificate(first).publicKey.export({ type: 'spki', format: 'der' });
        publicKeyMatchesCertificate = certKey.equals(key.export({ type: 'spki', format: 'der' }));
      } catch {
        publicKeyMatchesCertificate = false;
      }
    }
    signers.push({ certificates, signedDataVerified, publicKeyMatchesCertificate, ...(v3 ? { minSdk, maxSdk } : {}) });
  }
  return signers;
}

function verifySignature(algorithm: number, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    switch (algorithm) {
      case 0x0101:
        return cryptoVerify('sha256', data, { key, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature);
      case 0x0102:
        return cryptoVerify('sha512', data, { key, padding: cryptoConstants.RSA_PKCS1_PSS_PADDING, saltLength: 64 }, signature);
      case 0x0103:
      case 0x0421:
        return cryptoVerify('sha256', data, { key, padding: cryptoConstants.RSA_PKCS1_PADDING }, signature);
      case 0x0104:
        return cryptoVerify('sha512', data, { key, padding: cryptoConstants.RSA_PKCS1_PADDING }, signature);
      case 0x0201:
      case 0x0423:
      case 0x0301:
      case 0x0425:
        return cryptoVerify('sha256', data, key, signature);
      case 0x0202:
        return cryptoVerify('sha512', data, key, signature);
      default:
        return false;
    }
  } catch {
    return false;
  }
}

export interface SchemeReport {
  certificates: SignerCertificate[];
  signers: Array<{ certificate: string | null; signedDataVerified: boolean; publicKeyMatchesCertificate: boolean; minSdk?: number; maxSdk?: number }>;
}

export function reportSigners(signers: BlockSigner[]): SchemeReport {
  const certificates: SignerCertificate[] = [];
  const out: SchemeReport['signers'] = [];
  for (const s of signers) {
    const first = s.certificates[0];
    const described = first ? describeCertificate(first) : null;
    if (described && !certificates.some((c) => c.sha256 === described.sha256)) certificates.push(described);
    out.push({
      certificate: described?.sha256 ?? null,
      signedDataVerified: s.signedDataVerified,
      publicKeyMatchesCertificate: s.publicKeyMatchesCertificate,
      ...(s.minSdk !== undefined ? { minSdk: s.minSdk, maxSdk: s.maxSdk } : {}),
    });
  }
  return { certificates, signers: out };
}

/** v1 (JAR) signatures: every META-INF/<name>.RSA|DSA|EC directly under META-INF. */
export async function readV1Signatures(zip: ZipArchive, prefix = ''): Promise<{ files: string[]; certificates: SignerCertificate[] }> {
  const files = zip
    .names()
    .filter((n) => n.startsWith(`${prefix}META-INF/`) && !n.slice(prefix.length + 9).includes('/') && /\.(RSA|DSA|EC)$/i.test(n))
    .sort();
  const certificates: SignerCertificate[] = [];
  for (const file of files.slice(0, 8)) {
    const entry = zip.get(file)!;
    const data = await zip.read(entry, 1024 * 1024);
    let signed;
    try {
      signed = parseSignedData(data);
    } catch (err) {
      if (err instanceof DerError) throw new PackageParseError('notAPackage', `${file} is not a valid PKCS#7 signature: ${err.message}`);
      throw err;
    }
    for (const cert of signed.signerCertificates) {
      const d = describeCertificate(cert);
      if (!certificates.some((c) => c.sha256 === d.sha256)) certificates.push(d);
    }
  }
  return { files, certificates };
}

// ---- OpenHarmony HAP signing block ----------------------------------------------------------

const HAP_MAGIC_V2 = 'HAP Sig Block 42';
const HAP_MAGIC_V3 = '<hap sign block>';
export const HAP_BLOCK_SIGNATURE = 0x20000000;
export const HAP_BLOCK_PROOF_OF_ROTATION = 0x20000001;
export const HAP_BLOCK_PROFILE = 0x20000002;
export const HAP_BLOCK_PROPERTY = 0x20000003;

export interface HapSigning {
  version: number;
  blockTypes: string[];
  certificates: SignerCertificate[];
  /** All certificates of the signature (signer first, then the chain). */
  chain: SignerCertificate[];
  profile: Record<string, unknown> | null;
}

/** Reads the HAP signing block before the central directory; null when the HAP is unsigned. */
export async function readHapSigningBlock(source: RandomSource, cdOffset: number): Promise<HapSigning | null> {
  if (cdOffset < 32) return null;
  const tail = await source.read(cdOffset - 32, 32);
  const magic = tail.subarray(12, 28).toString('latin1');
  if (magic !== HAP_MAGIC_V2 && magic !== HAP_MAGIC_V3) return null;
  const count = tail.readUInt32LE(0);
  const sizeBig = tail.readBigUInt64LE(4);
  const version = tail.readUInt32LE(28);
  if (count === 0 || count > 64 || sizeBig < 32n || sizeBig > BigInt(MAX_SIGNING_BLOCK_BYTES)) {
    throw new PackageParseError('notAPackage', 'the HAP signing block header is invalid');
  }
  const size = Number(sizeBig);
  const start = cdOffset - size;
  if (start < 0) throw new PackageParseError('truncated', 'the HAP signing block starts before the file does: truncated or damaged');
  const block = await source.read(start, size);
  if (count * 12 > size - 32) throw new PackageParseError('notAPackage', 'the HAP signing block lists more sub-blocks than it holds');
  const blockTypes: string[] = [];
  let certificates: SignerCertificate[] = [];
  let chain: SignerCertificate[] = [];
  let profile: Record<string, unknown> | null = null;
  for (let i = 0; i < count; i++) {
    const type = block.readUInt32LE(i * 12);
    const length = block.readUInt32LE(i * 12 + 4);
    const offset = block.readUInt32LE(i * 12 + 8);
    if (offset + length > size - 32 || offset < count * 12) throw new PackageParseError('notAPackage', 'a HAP signing sub-block lies outside the block');
    blockTypes.push(`0x${type.toString(16).padStart(8, '0')}`);
    const value = block.subarray(offset, offset + length);
    if (type === HAP_BLOCK_SIGNATURE) {
      try {
        const signed = parseSignedData(value);
        certificates = signed.signerCertificates.map(describeCertificate);
        chain = signed.certificates.map(describeCertificate);
      } catch (err) {
        if (err instanceof DerError) throw new PackageParseError('notAPackage', `the HAP signature is not valid PKCS#7: ${err.message}`);
        throw err;
      }
    } else if (type === HAP_BLOCK_PROFILE) {
      profile = readProfile(value);
    }
  }
  return { version, blockTypes, certificates, chain, profile };
}

/** The provisioning profile: signed (PKCS#7 with JSON content) or plain JSON. Best effort. */
function readProfile(value: Buffer): Record<string, unknown> | null {
  let json: Buffer | null = null;
  if (value[0] === 0x7b) json = value;
  else {
    try {
      json = parseSignedData(value).content;
    } catch {
      json = null;
    }
  }
  if (!json) return null;
  try {
    const parsed: unknown = JSON.parse(json.toString('utf8'));
    return parsed && typeof parsed === 'object' ? summariseProfile(parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function summariseProfile(p: Record<string, unknown>): Record<string, unknown> {
  const bundle = (p['bundle-info'] ?? {}) as Record<string, unknown>;
  const validity = (p.validity ?? {}) as Record<string, unknown>;
  const certFingerprint = (key: string): string | null => {
    const pem = bundle[key];
    if (typeof pem !== 'string') return null;
    const der = pemToDer(pem)[0];
    return der ? sha256Hex(der) : null;
  };
  const debugInfo = (p['debug-info'] ?? null) as Record<string, unknown> | null;
  return {
    type: typeof p.type === 'string' ? p.type : null,
    bundleName: typeof bundle['bundle-name'] === 'string' ? bundle['bundle-name'] : null,
    developerId: typeof bundle['developer-id'] === 'string' ? bundle['developer-id'] : null,
    appFeature: typeof bundle['app-feature'] === 'string' ? bundle['app-feature'] : null,
    apl: typeof bundle.apl === 'string' ? bundle.apl : null,
    distributionType: typeof p['app-distribution-type'] === 'string' ? p['app-distribution-type'] : null,
    uuid: typeof p.uuid === 'string' ? p.uuid : null,
    issuer: typeof p.issuer === 'string' ? p.issuer : null,
    notBefore: typeof validity['not-before'] === 'number' ? validity['not-before'] : null,
    notAfter: typeof validity['not-after'] === 'number' ? validity['not-after'] : null,
    distributionCertificateSha256: certFingerprint('distribution-certificate'),
    developmentCertificateSha256: certFingerprint('development-certificate'),
    debugDeviceCount: debugInfo && Array.isArray(debugInfo['device-ids']) ? debugInfo['device-ids'].length : null,
    restrictedPermissions: Array.isArray((p.permissions as Record<string, unknown> | undefined)?.['restricted-permissions'])
      ? ((p.permissions as Record<string, unknown>)['restricted-permissions'] as unknown[]).filter((x): x is string => typeof x === 'string' && x !== '')
      : [],
  };
}
