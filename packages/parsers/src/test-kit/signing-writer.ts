// Builds signatures for generated test packages: self-signed certificates and PKCS#7 with
// node-forge (an independent implementation of the formats the parsers read), APK Signing
// Block v2/v3 (and hap-toolkit's RPK variant) and the OpenHarmony HAP signing block.

import { createHash, createPrivateKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export interface TestSigner {
  certDer: Buffer;
  certPem: string;
  sha256: string;
  privateKey: KeyObject;
  publicKeyDer: Buffer;
  forgeKey: forge.pki.rsa.PrivateKey;
  forgeCert: forge.pki.Certificate;
}

/** A self-signed RSA certificate (1024-bit keeps key generation fast; size is irrelevant here). */
export function makeSigner(commonName: string, serial = '01'): TestSigner {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date(Date.UTC(2020, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2050, 0, 1));
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Wharf Tests' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const certDer = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const privateKey = createPrivateKey(forge.pki.privateKeyToPem(keys.privateKey));
  const publicKeyDer = Buffer.from(forge.asn1.toDer(forge.pki.publicKeyToAsn1(keys.publicKey)).getBytes(), 'binary');
  return {
    certDer,
    certPem: forge.pki.certificateToPem(cert),
    sha256: createHash('sha256').update(certDer).digest('hex'),
    privateKey,
    publicKeyDer,
    forgeKey: keys.privateKey,
    forgeCert: cert,
  };
}

/** A detached PKCS#7 SignedData over `content` (what jarsigner writes to META-INF/CERT.RSA). */
export function pkcs7Signature(signer: TestSigner, content: Buffer, options: { attach?: boolean; extraCerts?: TestSigner[] } = {}): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(content.toString('binary'));
  p7.addCertificate(signer.forgeCert);
  for (const extra of options.extraCerts ?? []) p7.addCertificate(extra.forgeCert);
  p7.addSigner({ key: signer.forgeKey, certificate: signer.forgeCert, digestAlgorithm: forge.pki.oids.sha256! });
  p7.sign({ detached: !options.attach });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

function prefixed(b: Buffer): Buffer {
  return Buffer.concat([u32(b.length), b]);
}

function sequence(items: Buffer[]): Buffer {
  return prefixed(Buffer.concat(items.map(prefixed)));
}

/** One APK v2 (or v3) signer: signed data (digests, certificates, [sdk range], attrs), signatures, key. */
export function schemeSigner(signer: TestSigner, options: { v3?: boolean; tamper?: boolean; extraCerts?: TestSigner[] } = {}): Buffer {
  const digest = Buffer.concat([u32(0x0103), prefixed(createHash('sha256').update('content').digest())]);
  const certs = [signer.certDer, ...(options.extraCerts ?? []).map((s) => s.certDer)];
  const sdk = options.v3 ? Buffer.concat([u32(24), u32(0x7fffffff)]) : Buffer.alloc(0);
  const signedData = Buffer.concat([sequence([digest]), sequence(certs), sdk, prefixed(Buffer.alloc(0))]);
  const signature = cryptoSign('sha256', signedData, signer.privateKey);
  if (options.tamper) signature.writeUInt8(signature.readUInt8(0) ^ 0xff, 0);
  const signatures = sequence([Buffer.concat([u32(0x0103), prefixed(signature)])]);
  return Buffer.concat([prefixed(signedData), sdk, signatures, prefixed(signer.publicKeyDer)]);
}

/** An APK Signing Block (or hap-toolkit RPK block with `magic`) holding the given id → value pairs. */
export function signingBlock(pairs: Array<[number, Buffer]>, magic = 'APK Sig Block 42'): Buffer {
  const body = Buffer.concat(
    pairs.map(([id, value]) => {
      const len = Buffer.alloc(8);
      len.writeBigUInt64LE(BigInt(value.length + 4));
      return Buffer.concat([len, u32(id), value]);
    }),
  );
  const size = BigInt(body.length + 8 + 16);
  const head = Buffer.alloc(8);
  head.writeBigUInt64LE(size);
  return Buffer.concat([head, body, head, Buffer.from(magic, 'latin1')]);
}

export function v2Value(signers: Buffer[]): Buffer {
  return sequence(signers);
}

/** An OpenHarmony HAP signing block (v3 layout): sub-block headers, values, 32-byte tail. */
export function hapSigningBlock(subBlocks: Array<[number, Buffer]>): Buffer {
  const headerLength = subBlocks.length * 12;
  let offset = headerLength;
  const headers: Buffer[] = [];
  const values: Buffer[] = [];
  for (const [type, value] of subBlocks) {
    headers.push(Buffer.concat([u32(type), u32(value.length), u32(offset)]));
    values.push(value);
    offset += value.length;
  }
  const tail = Buffer.alloc(32);
  tail.writeUInt32LE(subBlocks.length, 0);
  tail.writeBigUInt64LE(BigInt(offset + 32), 4);
  tail.write('<hap sign block>', 12, 'latin1');
  tail.writeUInt32LE(3, 28);
  return Buffer.concat([...headers, ...values, tail]);
}
