// Writes an APK of any size quickly: a real manifest entry, then one big stored padding entry
// whose bytes are a sparse hole (zeros), then a v2 signing block, the central directory and
// the end record. Used to check that parsing cost does not depend on the file size.

import { open } from 'node:fs/promises';
import { crc32, deflateRawSync } from 'node:zlib';
import { buildAxml } from './axml-writer';
import { manifestNode } from './packages';
import { schemeSigner, signingBlock, v2Value, type TestSigner } from './signing-writer';

function localHeader(name: Buffer, method: number, crc: number, compressed: number, uncompressed: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x800, 6);
  h.writeUInt16LE(method, 8);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(compressed, 18);
  h.writeUInt32LE(uncompressed, 22);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function centralRecord(name: Buffer, method: number, crc: number, compressed: number, uncompressed: number, offset: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(20, 6);
  h.writeUInt16LE(0x800, 8);
  h.writeUInt16LE(method, 10);
  h.writeUInt32LE(crc, 16);
  h.writeUInt32LE(compressed, 20);
  h.writeUInt32LE(uncompressed, 24);
  h.writeUInt16LE(name.length, 28);
  h.writeUInt32LE(offset, 42);
  return Buffer.concat([h, name]);
}

function zerosCrc(length: number): number {
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  let left = length;
  while (left > 0) {
    const n = Math.min(left, block.length);
    crc = crc32(n === block.length ? block : block.subarray(0, n), crc);
    left -= n;
  }
  return crc;
}

/** Writes the APK to `path`; returns where the padding data lies. */
export async function writeLargeApk(path: string, paddingBytes: number, signer: TestSigner): Promise<{ paddingStart: number; paddingEnd: number; size: number }> {
  const manifest = buildAxml(manifestNode({ packageName: 'com.example.large', versionCode: 7, versionName: '7.0', minSdk: 24, targetSdk: 34 }));
  const manifestName = Buffer.from('AndroidManifest.xml');
  const deflated = deflateRawSync(manifest);
  const manifestCrc = crc32(manifest);
  const first = Buffer.concat([localHeader(manifestName, 8, manifestCrc, deflated.length, manifest.length), deflated]);
  const padName = Buffer.from('assets/padding.bin');
  const padCrc = zerosCrc(paddingBytes);
  const padHeader = localHeader(padName, 0, padCrc, paddingBytes, paddingBytes);
  const padOffset = first.length;
  const paddingStart = padOffset + padHeader.length;
  const paddingEnd = paddingStart + paddingBytes;
  const block = signingBlock([[0x7109871a, v2Value([schemeSigner(signer)])]]);
  const cdOffset = paddingEnd + block.length;
  const cd = Buffer.concat([
    centralRecord(manifestName, 8, manifestCrc, deflated.length, manifest.length, 0),
    centralRecord(padName, 0, padCrc, paddingBytes, paddingBytes, padOffset),
  ]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(2, 8);
  eocd.writeUInt16LE(2, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  const handle = await open(path, 'w');
  try {
    await handle.write(first, 0, first.length, 0);
    await handle.write(padHeader, 0, padHeader.length, padOffset);
    const tail = Buffer.concat([block, cd, eocd]);
    await handle.write(tail, 0, tail.length, paddingEnd); // the gap before it stays a sparse hole
  } finally {
    await handle.close();
  }
  return { paddingStart, paddingEnd, size: paddingEnd + block.length + cd.length + eocd.length };
}
