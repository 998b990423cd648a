// A small DER/BER walker: enough to take the certificates (and the signed content) out of a
// PKCS#7 / CMS SignedData, which is what v1 JAR signatures (META-INF/*.RSA|DSA|EC), HAP
// signatures and profiles, and Authenticode signatures are.

import { createHash, X509Certificate } from 'node:crypto';
import type { SignerCertificate } from './types';

export class DerError extends Error {}

export interface Tlv {
  /** First tag byte (class + constructed bit + low tag number). */
  tag: number;
  constructed: boolean;
  /** Offset of the tag byte in the buffer. */
  start: number;
  /** Offset of the contents. */
  contentStart: number;
  /** Offset just past the contents (before an end-of-contents marker for indefinite lengths). */
  contentEnd: number;
  /** Offset just past the whole element. */
  end: number;
}

const MAX_DEPTH = 64;

export function readTlv(buf: Buffer, offset: number, limit = buf.length, depth = 0): Tlv {
  if (depth > MAX_DEPTH) throw new DerError('ASN.1 nesting too deep');
  if (offset + 2 > limit) throw new DerError('ASN.1 element truncated');
  const tag = buf[offset]!;
  let p = offset + 1;
  if ((tag & 0x1f) === 0x1f) {
    // High tag number: skip the base-128 continuation bytes.
    let n = 0;
    while (p < limit && (buf[p]! & 0x80) !== 0) {
      p++;
      if (++n > 4) throw new DerError('ASN.1 tag too long');
    }
    p++;
  }
  if (p >= limit) throw new DerError('ASN.1 length truncated');
  const first = buf[p++]!;
  const constructed = (tag & 0x20) !== 0;
  if (first === 0x80) {
    if (!constructed) throw new DerError('indefinite length on a primitive element');
    // BER indefinite length: children until 00 00.
    let q = p;
    for (;;) {
      if (q + 2 > limit) throw new DerError('unterminated indefinite-length element');
      if (buf[q] === 0 && buf[q + 1] === 0) return { tag, constructed, start: offset, contentStart: p, contentEnd: q, end: q + 2 };
      q = readTlv(buf, q, limit, depth + 1).end;
    }
  }
  let length = first;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n > 4) throw new DerError('ASN.1 length too large');
    if (p + n > limit) throw new DerError('ASN.1 length truncated');
    length = 0;
    for (let i = 0; i < n; i++) length = length * 256 + buf[p + i]!;
    p += n;
  }
  const end = p + length;
  if (end > limit) throw new DerError('ASN.1 element extends past its container');
  return { tag, constructed, start: offset, contentStart: p, contentEnd: end, end };
}

export function children(buf: Buffer, tlv: Tlv, depth = 0): Tlv[] {
  const out: Tlv[] = [];
  let p = tlv.contentStart;
  while (p < tlv.contentEnd) {
    const child = readTlv(buf, p, tlv.contentEnd, depth + 1);
    out.push(child);
    p = child.end;
    if (out.length > 100_000) throw new DerError('too many ASN.1 elements');
  }
  return out;
}

function bytes(buf: Buffer, tlv: Tlv): Buffer {
  return buf.subarray(tlv.start, tlv.end);
}

function content(buf: Buffer, tlv: Tlv): Buffer {
  return buf.subarray(tlv.contentStart, tlv.contentEnd);
}

const OID_SIGNED_DATA = Buffer.from('2a864886f70d010702', 'hex'); // 1.2.840.113549.1.7.2
const OID_SUBJECT_KEY_ID = Buffer.from('551d0e', 'hex'); // 2.5.29.14

export interface SignedData {
  /** Every certificate in the certificates field, DER. */
  certificates: Buffer[];
  /** The certificates that signed (matched through SignerInfo.sid); all of them when none matches. */
  signerCertificates: Buffer[];
  /** The encapsulated content (e.g. a HAP profile's JSON), when present. */
  content: Buffer | null;
}

/** Parses a PKCS#7 ContentInfo holding SignedData. Throws DerError when it is not one. */
export function parseSignedData(buf: Buffer): SignedData {
  const contentInfo = readTlv(buf, 0);
  if (contentInfo.tag !== 0x30) throw new DerError('PKCS#7: ContentInfo is not a SEQUENCE');
  const [oid, explicit] = children(buf, contentInfo);
  if (!oid || oid.tag !== 0x06 || !content(buf, oid).equals(OID_SIGNED_DATA)) throw new DerError('PKCS#7: not SignedData');
  if (!explicit || explicit.tag !== 0xa0) throw new DerError('PKCS#7: SignedData missing');
  const [signedDataTlv] = children(buf, explicit);
  if (!signedDataTlv || signedDataTlv.tag !== 0x30) throw new DerError('PKCS#7: SignedData is not a SEQUENCE');
  const fields = children(buf, signedDataTlv);
  // version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos
  const encap = fields[2];
  let encapsulated: Buffer | null = null;
  if (encap && encap.tag === 0x30) {
    const parts = children(buf, encap);
    const explicitContent = parts[1];
    if (explicitContent && explicitContent.tag === 0xa0) {
      const [octets] = children(buf, explicitContent);
      if (octets) encapsulated = octetString(buf, octets);
    }
  }
  const certificates: Buffer[] = [];
  let signerInfos: Tlv | undefined;
  for (const field of fields.slice(3)) {
    if (field.tag === 0xa0) {
      for (const cert of children(buf, field)) if (cert.tag === 0x30) certificates.push(Buffer.from(bytes(buf, cert)));
    } else if (field.tag === 0x31) {
      signerInfos = field;
    }
  }
  const signerCertificates: Buffer[] = [];
  if (signerInfos) {
    for (const info of children(buf, signerInfos)) {
      const sid = children(buf, info)[1];
      if (!sid) continue;
      const match = certificates.find((cert) => certificateMatchesSid(cert, buf, sid));
      if (match && !signerCertificates.includes(match)) signerCertificates.push(match);
    }
  }
  return { certificates, signerCertificates: signerCertificates.length ? signerCertificates : certificates, content: encapsulated };
}

function octetString(buf: Buffer, tlv: Tlv): Buffer {
  if (tlv.tag === 0x04) return Buffer.from(content(buf, tlv));
  if (tlv.tag === 0x24) return Buffer.concat(children(buf, tlv).map((c) => octetString(buf, c))); // BER constructed
  throw new DerError('expected an OCTET STRING');
}

/** Does the certificate match SignerIdentifier (issuerAndSerialNumber, or [0] subjectKeyIdentifier)? */
function certificateMatchesSid(cert: Buffer, sidBuf: Buffer, sid: Tlv): boolean {
  try {
    const tbs = children(cert, readTlv(cert, 0))[0];
    if (!tbs) return false;
    const parts = children(cert, tbs);
    let i = 0;
    if (parts[0]?.tag === 0xa0) i = 1; // explicit version
    const serial = parts[i];
    const issuer = parts[i + 2];
    if (!serial || !issuer) return false;
    if (sid.tag === 0x30) {
      const [sidIssuer, sidSerial] = children(sidBuf, sid);
      if (!sidIssuer || !sidSerial) return false;
      return bytes(sidBuf, sidIssuer).equals(bytes(cert, issuer)) && content(sidBuf, sidSerial).equals(content(cert, serial));
    }
    if (sid.tag === 0x80) {
      const extensions = parts.find((p) => p.tag === 0xa3);
      if (!extensions) return false;
      const [list] = children(cert, extensions);
      if (!list) return false;
      for (const ext of children(cert, list)) {
        const [extOid, ...rest] = children(cert, ext);
        if (!extOid || !content(cert, extOid).equals(OID_SUBJECT_KEY_ID)) continue;
        const value = rest[rest.length - 1];
        if (!value || value.tag !== 0x04) return false;
        const [keyId] = children(cert, { ...value, constructed: true });
        return !!keyId && content(cert, keyId).equals(content(sidBuf, sid));
      }
    }
  } catch {
    return false;
  }
  return false;
}

export function sha256Hex(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The fingerprint of a DER certificate and, when node can read it, its subject as "CN=..., O=...". */
export function describeCertificate(der: Buffer): SignerCertificate {
  const out: SignerCertificate = { sha256: sha256Hex(der) };
  try {
    const subject = new X509Certificate(der).subject;
    if (subject) out.subject = subject.split('\n').join(', ');
  } catch {
    // Not parseable by node: the fingerprint is still meaningful.
  }
  return out;
}

/** PEM certificate(s) to DER. */
export function pemToDer(pem: string): Buffer[] {
  const out: Buffer[] = [];
  const re = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
  for (let m = re.exec(pem); m; m = re.exec(pem)) out.push(Buffer.from(m[1]!.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64'));
  return out;
}
