import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parsePackage } from '@wharf/parsers';
import { writeLargeApk, makeSigner } from '@wharf/parsers/test-kit';

async function medianParseMs(file: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = process.hrtime.bigint();
    await parsePackage(file);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/**
 * Parsing reads the central directory and the entries it needs, not the file: a 100 MB
 * APK should parse about as fast as a 3 MB one with the same manifest and signing block.
 */
export async function parseRatio(runs = 15): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'wharf-parse-bench-'));
  try {
    const signer = makeSigner('Bench Signer');
    const small = path.join(dir, 'small.apk');
    const large = path.join(dir, 'large.apk');
    await writeLargeApk(small, 3 * 1024 * 1024, signer);
    await writeLargeApk(large, 100 * 1024 * 1024, signer);
    await medianParseMs(small, 3);
    const smallMs = await medianParseMs(small, runs);
    const largeMs = await medianParseMs(large, runs);
    const ratio = largeMs / smallMs;
    return `parse APK: 3 MB ${smallMs.toFixed(2)} ms, 100 MB ${largeMs.toFixed(2)} ms (median of ${runs}), ratio ${ratio.toFixed(2)} (target ≤1.5 ${ratio <= 1.5 ? 'met' : 'MISSED'})`;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
