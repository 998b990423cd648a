// Parsing reads the end record, the central directory, the signing block and the needed
// entries, not the file: a 100 MB APK costs the same reads as a 3 MB one. Measured by
// counting the bytes the parser asks for, not with a timer.

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parsePackage } from '../index';
import { writeLargeApk } from '../test-kit/large-apk';
import { makeSigner } from '../test-kit/signing-writer';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wharf-large-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function measure(path: string) {
  const reads: Array<[number, number]> = [];
  const parsed = await parsePackage(path, { onRead: (position, length) => void reads.push([position, length]) });
  return { parsed, reads, bytes: reads.reduce((sum, [, l]) => sum + l, 0) };
}

it('reads the same bounded number of bytes from a 100 MB APK as from a 3 MB one', async () => {
  const signer = makeSigner('Large File Signer');
  const small = join(dir, 'small.apk');
  const large = join(dir, 'large.apk');
  await writeLargeApk(small, 3 * 1024 * 1024, signer);
  const layout = await writeLargeApk(large, 100 * 1024 * 1024, signer);
  expect((await stat(large)).size).toBe(layout.size);
  expect(layout.size).toBeGreaterThan(100 * 1024 * 1024);

  const a = await measure(small);
  const b = await measure(large);
  for (const m of [a, b]) {
    expect(m.parsed).toMatchObject({ kind: 'apk', packageName: 'com.example.large', versionCode: 7, minSdk: 24, targetSdk: 34 });
    expect(m.parsed.signing.certificates.map((c) => c.sha256)).toEqual([signer.sha256]);
    expect(m.parsed.signing.schemes).toEqual(['v2']);
  }
  expect(b.bytes).toBeLessThan(512 * 1024);
  expect(b.bytes / a.bytes).toBeLessThanOrEqual(1.05);
  expect(b.reads.length).toBe(a.reads.length);
  // Nothing is read from the middle of the padding entry.
  const middleStart = layout.paddingStart + 128 * 1024;
  const middleEnd = layout.paddingEnd - 128 * 1024;
  for (const [position, length] of b.reads) expect(position + length <= middleStart || position >= middleEnd).toBe(true);
}, 60_000);
