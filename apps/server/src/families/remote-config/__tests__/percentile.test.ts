import { describe, expect, it } from 'vitest';
import { percentileOf, ruleHolds, type DeviceFacts } from '../evaluate';

const ids = Array.from({ length: 20_000 }, (_, i) => `instance-${i}-${(i * 7919) % 104729}`);
const inSlice = (seed: string, from: number, to: number) => ids.filter((deviceId) => ruleHolds({ field: 'percentile', seed, from, to }, { deviceId, now: new Date(0) } as DeviceFacts));

describe('percentile conditions', () => {
  it('put 10% ± 0.65 points of 20,000 instances in a 10% slice', () => {
    const share = inSlice('seed-a', 0, 10).length / ids.length;
    expect(Math.abs(share - 0.1)).toBeLessThanOrEqual(0.0065);
  });

  it('spread instances evenly over ten 10% slices (chi-square, 9 degrees of freedom, p > 0.01)', () => {
    const counts = Array.from({ length: 10 }, (_, i) => inSlice('seed-b', i * 10, (i + 1) * 10).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(ids.length);
    const expected = ids.length / 10;
    const chiSquare = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // The 0.99 quantile of chi-square with 9 degrees of freedom.
    expect(chiSquare).toBeLessThan(21.666);
  });

  it('keep every instance of a slice in it when the slice grows', () => {
    const small = new Set(inSlice('seed-c', 0, 10));
    const grown = new Set(inSlice('seed-c', 0, 25));
    expect([...small].every((id) => grown.has(id))).toBe(true);
    expect(grown.size / ids.length).toBeGreaterThan(0.23);
  });

  it('give independent slices for different seeds (2×2 chi-square, p > 0.01)', () => {
    const a = new Set(inSlice('seed-1', 0, 10));
    const b = new Set(inSlice('seed-2', 0, 10));
    const both = [...a].filter((id) => b.has(id)).length;
    const table = [
      [both, a.size - both],
      [b.size - both, ids.length - a.size - b.size + both],
    ];
    const rows = table.map((r) => r[0]! + r[1]!);
    const cols = [table[0]![0]! + table[1]![0]!, table[0]![1]! + table[1]![1]!];
    let chiSquare = 0;
    for (let r = 0; r < 2; r += 1) {
      for (let c = 0; c < 2; c += 1) {
        const e = (rows[r]! * cols[c]!) / ids.length;
        chiSquare += (table[r]![c]! - e) ** 2 / e;
      }
    }
    expect(chiSquare).toBeLessThan(6.635);
  });

  it('place a device the same way on every call, from 0.01 to 100', () => {
    expect(percentileOf('s', 'device-1')).toBe(percentileOf('s', 'device-1'));
    const all = ids.map((id) => percentileOf('s', id));
    expect(Math.min(...all)).toBeGreaterThanOrEqual(0.01);
    expect(Math.max(...all)).toBeLessThanOrEqual(100);
  });
});
