// Hostile and damaged inputs, all generated here: zip bombs (ratio, count, total, lying sizes,
// overlapping entries, nested), path tricks, truncation, concatenation, random bytes, timeouts.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKind, PackageParseError, parsePackage, type ParseFailureReason } from '../index';
import { buildAxml } from '../test-kit/axml-writer';
import { buildApk, buildHap, manifestNode, packInfo } from '../test-kit/packages';
import { buildZip, type ZipEntrySpec } from '../test-kit/zip-writer';

let dir: string;
let n = 0;
const manifest = buildAxml(manifestNode({ packageName: 'com.example.hostile', versionCode: 1, versionName: '1', minSdk: 21, targetSdk: 34 }));
const apkEntry: ZipEntrySpec = { name: 'AndroidManifest.xml', data: manifest, method: 'deflate' };

async function file(bytes: Buffer, name = `h${n++}.apk`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

async function reasonOf(promise: Promise<unknown>): Promise<{ reason: ParseFailureReason; message: string }> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PackageParseError) return { reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error('expected the parse to fail');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-hostile-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('zip bombs', () => {
  it('refuses an entry whose declared compression ratio is too high (without inflating it)', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const path = await file(buildZip([apkEntry, { name: 'assets/zeros.bin', data: zeros, method: 'deflate' }]));
    let read = 0;
    const r = await reasonOf(parsePackage(path, { onRead: (_p, l) => void (read += l) }));
    expect(r.reason).toBe('zipBomb');
    expect(r.message).toMatch(/ratio/);
    expect(read).toBeLessThan(256 * 1024); // the end record and central directory only
    // The same file within a raised limit parses: the bomb entry is never read.
    const ok = await parsePackage(path, { limits: { maxRatio: 5000 } });
    expect(ok.packageName).toBe('com.example.hostile');
  });

  it('refuses too many entries', async () => {
    const entries: ZipEntrySpec[] = [apkEntry, ...Array.from({ length: 300 }, (_, i) => ({ name: `assets/f${i}`, data: 'x' }))];
    const r = await reasonOf(parsePackage(await file(buildZip(entries)), { limits: { maxEntries: 200 } }));
    expect(r.reason).toBe('zipBomb');
    expect(r.message).toMatch(/301 entries/);
    await expect(detectKind(await file(buildZip(entries, { declaredEntryCount: 0xffff })))).resolves.toBeNull();
  });

  it('refuses a total declared uncompressed size over the limit', async () => {
    const chunk = randomBytes(600 * 1024);
    const r = await reasonOf(
      parsePackage(await file(buildZip([apkEntry, { name: 'a.bin', data: chunk }, { name: 'b.bin', data: chunk }])), { limits: { maxTotalUncompressed: 1024 * 1024 } }),
    );
    expect(r.reason).toBe('zipBomb');
    expect(r.message).toMatch(/in total/);
  });

  it('stops inflating an entry that lies about its size', async () => {
    const big = Buffer.concat([manifest, Buffer.alloc(2 * 1024 * 1024)]);
    const liar: ZipEntrySpec = { name: 'AndroidManifest.xml', data: big, method: 'deflate', declaredUncompressed: 10_000 };
    const r = await reasonOf(parsePackage(await file(buildZip([liar])), { kind: 'apk' }));
    expect(r.reason).toBe('zipBomb');
    expect(r.message).toMatch(/inflates beyond its declared 10000 bytes/);
    // A header declaring less output than its compressed input is refused before inflating.
    const blatant: ZipEntrySpec = { ...liar, declaredUncompressed: 100 };
    expect((await reasonOf(parsePackage(await file(buildZip([blatant])), { kind: 'apk' }))).reason).toBe('zipBomb');
  });

  it('refuses overlapping entries (flat zip bombs)', async () => {
    const entries: ZipEntrySpec[] = [apkEntry, { name: 'assets/a', data: 'aaaa' }, { name: 'assets/b', data: 'aaaa', localHeaderOf: 1 }];
    const r = await reasonOf(parsePackage(await file(buildZip(entries))));
    expect(r.reason).toBe('zipBomb');
    expect(r.message).toMatch(/overlap/);
  });

  it('refuses a bomb nested in an APP pack', async () => {
    const innerBomb = buildZip([
      { name: 'module.json', data: '{"app":{"bundleName":"x"},"module":{}}' },
      { name: 'zeros.bin', data: Buffer.alloc(8 * 1024 * 1024), method: 'deflate' },
    ]);
    const app = buildZip([
      { name: 'pack.info', data: packInfo('com.example.nested', [{ name: 'entry', type: 'entry' }]) },
      { name: 'entry-default.hap', data: innerBomb },
    ]);
    const path = await file(app, 'nested.app');
    expect(await detectKind(path)).toBe('app');
    const r = await reasonOf(parsePackage(path));
    expect(r.reason).toBe('zipBomb');
  });

  it('refuses to read an entry over maxEntryBytes', async () => {
    const r = await reasonOf(parsePackage(await file(buildApk({ manifest: { packageName: 'a.b', permissions: Array.from({ length: 200 }, (_, i) => `p.P${i}`) } })), { limits: { maxEntryBytes: 2048 } }));
    expect(r.reason).toBe('entryTooLarge');
  });
});

describe('entry names', () => {
  const cases: Array<[string, string | Buffer]> = [
    ['a ".." segment', '../../etc/passwd'],
    ['an inner ".." segment', 'assets/../../x'],
    ['an absolute path', '/etc/passwd'],
    ['a drive letter', 'C:/Windows/evil.dll'],
    ['a backslash', 'assets\\..\\evil'],
    ['a NUL byte', Buffer.from('AndroidManifest.xml\0.png', 'latin1')],
  ];
  for (const [what, name] of cases) {
    it(`refuses ${what}`, async () => {
      const r = await reasonOf(parsePackage(await file(buildZip([apkEntry, { name, data: 'x' }]))));
      expect(r.reason).toBe('pathTraversal');
      await expect(detectKind(await file(buildZip([apkEntry, { name, data: 'x' }])))).rejects.toMatchObject({ reason: 'pathTraversal' });
    });
  }

  it('refuses a harmless name carrying a traversing Info-ZIP unicode path', async () => {
    const alt = Buffer.from('../evil', 'utf8');
    const data = Buffer.concat([Buffer.from([1, 0, 0, 0, 0]), alt]);
    const extra = Buffer.alloc(4);
    extra.writeUInt16LE(0x7075, 0);
    extra.writeUInt16LE(data.length, 2);
    const r = await reasonOf(parsePackage(await file(buildZip([apkEntry, { name: 'good.txt', data: 'x', extra: Buffer.concat([extra, data]) }]))));
    expect(r.reason).toBe('pathTraversal');
  });

  it('refuses duplicate entry names', async () => {
    const r = await reasonOf(parsePackage(await file(buildZip([apkEntry, apkEntry]))));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/duplicate/);
  });
});

describe('damaged and foreign files', () => {
  const good = () => buildApk({ manifest: { packageName: 'com.example.ok', versionCode: 1 } });

  it('reports a truncated zip', async () => {
    const bytes = good();
    for (const keep of [bytes.length - 10, Math.floor(bytes.length / 2), 40]) {
      const r = await reasonOf(parsePackage(await file(Buffer.from(bytes.subarray(0, keep)))));
      expect(r.reason).toBe('truncated');
    }
  });

  it('reports a central directory past the end of the file as truncated', async () => {
    const bytes = good();
    const eocd = bytes.length - 22;
    bytes.writeUInt32LE(bytes.readUInt32LE(eocd + 16) + 1_000_000, eocd + 16);
    expect((await reasonOf(parsePackage(await file(bytes)))).reason).toBe('truncated');
  });

  it('refuses concatenated zips and prefixed zips', async () => {
    const twice = Buffer.concat([good(), good()]);
    const r = await reasonOf(parsePackage(await file(twice)));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/concatenated|prefix/);
    const prefixed = Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\n'), good()]);
    expect((await reasonOf(parsePackage(await file(prefixed)))).reason).toBe('notAPackage');
  });

  it('refuses random bytes and an empty file', async () => {
    const random = await file(randomBytes(8192), 'random.apk');
    expect((await reasonOf(parsePackage(random))).reason).toBe('notAPackage');
    expect(await detectKind(random)).toBeNull();
    const empty = await file(Buffer.alloc(0), 'empty.apk');
    const r = await reasonOf(parsePackage(empty));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/empty/);
    expect(await detectKind(empty)).toBeNull();
    expect((await reasonOf(parsePackage(await file(Buffer.from('PK'))))).reason).toBe('truncated');
  });

  it('refuses a zip that is not a supported package, and a package of another kind than expected', async () => {
    const plain = await file(buildZip([{ name: 'README.txt', data: 'hello' }]), 'plain.zip');
    expect(await detectKind(plain)).toBeNull();
    expect((await reasonOf(parsePackage(plain))).reason).toBe('unsupportedKind');
    const hap = await file(buildHap(), 'x.hap');
    const r = await reasonOf(parsePackage(hap, { kind: 'apk' }));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/expected APK, got HAP/);
    expect((await reasonOf(parsePackage(hap, { kind: 'bogus' as never }))).reason).toBe('unsupportedKind');
  });

  it('refuses an encrypted manifest', async () => {
    const r = await reasonOf(parsePackage(await file(buildZip([{ ...apkEntry, flags: 1 }])), { kind: 'apk' }));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/encrypted/);
  });

  it('refuses a corrupt deflate stream without crashing', async () => {
    const r = await reasonOf(parsePackage(await file(buildZip([{ ...apkEntry, rawData: randomBytes(200), declaredCompressed: 200, declaredUncompressed: 500 }])), { kind: 'apk' }));
    expect(['notAPackage', 'truncated']).toContain(r.reason);
  });

  it('stops at the timeout', async () => {
    const path = await file(good());
    const slow = () => new Promise<void>((resolve) => setTimeout(resolve, 200));
    const r = await reasonOf(parsePackage(path, { limits: { timeoutMs: 20 }, onRead: slow }));
    expect(r.reason).toBe('timeout');
  });

  it('reads a zip64 archive and refuses one whose zip64 record is damaged', async () => {
    const zip64 = buildZip([apkEntry], { zip64: true });
    const ok = await parsePackage(await file(zip64));
    expect(ok.packageName).toBe('com.example.hostile');
    const broken = Buffer.from(zip64);
    const locator = broken.length - 22 - 20;
    broken.writeUInt32LE(0xdeadbeef, broken.readUInt32LE(locator + 8)); // zip64 record signature
    expect((await reasonOf(parsePackage(await file(broken)))).reason).toBe('notAPackage');
  });

  it('refuses a damaged HAP signing block', async () => {
    const { hapSigningBlock } = await import('../test-kit/signing-writer');
    const block = hapSigningBlock([[0x20000000, Buffer.from('not pkcs7')]]);
    const r = await reasonOf(parsePackage(await file(buildHap(undefined, [], block), 'bad-sig.hap')));
    expect(r.reason).toBe('notAPackage');
    expect(r.message).toMatch(/HAP signature/);
    const lying = Buffer.from(block);
    lying.writeUInt32LE(40, lying.length - 32); // 40 sub-blocks announced
    expect((await reasonOf(parsePackage(await file(buildHap(undefined, [], lying), 'bad-sig2.hap'))))).toMatchObject({ reason: 'notAPackage' });
  });

  it('refuses a garbage or absurdly nested protobuf manifest in an AAB', async () => {
    const aab = (manifestBytes: Buffer) => buildZip([{ name: 'base/manifest/AndroidManifest.xml', data: manifestBytes }, { name: 'BundleConfig.pb', data: '' }]);
    const garbage = await file(aab(Buffer.from([0x0a, 0xff, 0xff, 0xff, 0x0f, 1, 2, 3])), 'garbage.aab');
    expect(await detectKind(garbage)).toBe('aab');
    expect((await reasonOf(parsePackage(garbage))).reason).toBe('manifestInvalid');
    const varint = (v: number) => {
      const out: number[] = [];
      while (v > 0x7f) {
        out.push((v & 0x7f) | 0x80);
        v >>>= 7;
      }
      out.push(v);
      return Buffer.from(out);
    };
    // XmlNode{element{name:"x", child{element{...}}}} nested 3000 deep.
    let node = Buffer.concat([Buffer.from([0x0a, 3, 0x1a, 1, 0x78])]);
    for (let i = 0; i < 3000; i++) {
      const element = Buffer.concat([Buffer.from([0x1a, 1, 0x78, 0x2a]), varint(node.length), node]);
      node = Buffer.concat([Buffer.from([0x0a]), varint(element.length), element]);
    }
    const deep = await reasonOf(parsePackage(await file(aab(node), 'deep.aab')));
    expect(deep.reason).toBe('manifestInvalid');
  });

  it('maps a missing file to notAPackage', async () => {
    expect((await reasonOf(parsePackage(join(dir, 'does-not-exist.apk')))).reason).toBe('notAPackage');
  });
});
