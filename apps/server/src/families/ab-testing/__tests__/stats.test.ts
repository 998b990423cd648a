import { describe, expect, it } from 'vitest';
import { compareMeans, compareShares, probabilityBBeatsA, sampleNeeded, sampleRatio } from '../stats';

const share = (total: number, users: number) => ({ users, total, sumSquares: total });
const values = (xs: number[]) => ({ users: xs.length, total: xs.reduce((a, b) => a + b, 0), sumSquares: xs.reduce((a, b) => a + b * b, 0) });

describe('experiment statistics, against hand computations', () => {
  it('baseline 100 of 1,000 against 130 of 1,000: +3.0 points, 95% interval [0.2, 5.8]', () => {
    const c = compareShares(share(100, 1000), share(130, 1000))!;
    // se = √(0.1·0.9/1000 + 0.13·0.87/1000) = 0.014251; 1.96·se = 0.02793.
    expect(c.difference).toBeCloseTo(0.03, 10);
    expect(c.interval[0] * 100).toBeCloseTo(0.2, 1);
    expect(c.interval[1] * 100).toBeCloseTo(5.8, 1);
    expect(c.relative).toBeCloseTo(0.3, 10);
    // Pooled z = 0.03 / √(0.115·0.885·0.002) = 2.1027: p = 0.0355.
    expect(c.pValue).toBeCloseTo(0.0355, 3);
    // The posterior difference is about N(0.0299, 0.01424²): Φ(2.10) = 0.982.
    expect(c.probabilityToBeat).toBeGreaterThan(0.978);
    expect(c.probabilityToBeat).toBeLessThan(0.986);
  });

  it('work out the probability to beat exactly for small posteriors', () => {
    // A ~ Beta(1,1) (uniform), B ~ Beta(2,1) (density 2b): P(B > A) = ∫ 2b·b db = 2/3.
    expect(probabilityBBeatsA(1, 1, 2, 1)).toBeCloseTo(2 / 3, 10);
    // The same posterior on both sides: one half.
    expect(probabilityBBeatsA(11, 91, 11, 91)).toBeCloseTo(0.5, 8);
    // Swapping the sides gives the complement.
    expect(probabilityBBeatsA(30, 70, 12, 88) + probabilityBBeatsA(12, 88, 30, 70)).toBeCloseTo(1, 8);
  });

  it('use the normal approximation beyond 20,000 conversions, agreeing with the exact sum', () => {
    const big = compareShares(share(30_000, 300_000), share(30_400, 300_000))!;
    // se of the posterior difference ≈ √(2·0.1·0.9/300000) = 0.000775; 0.001333/0.000775 = 1.72: Φ = 0.957.
    expect(big.probabilityToBeat).toBeCloseTo(0.957, 2);
  });

  it('compare means with Welch: [1,2,3,4] against [2,3,4,5] is +1 with the t(6) interval', () => {
    const c = compareMeans(values([1, 2, 3, 4]), values([2, 3, 4, 5]))!;
    // se = √(1.6667/4 · 2) = 0.91287, df = 6, t(0.975, 6) = 2.44691: ±2.23374.
    expect(c.difference).toBeCloseTo(1, 10);
    expect(c.interval[0]).toBeCloseTo(1 - 2.23374, 4);
    expect(c.interval[1]).toBeCloseTo(1 + 2.23374, 4);
    expect(c.relative).toBeCloseTo(0.4, 10);
    expect(c.pValue).toBeCloseTo(0.3153, 3);
  });

  it('give nothing to compare without instances', () => {
    expect(compareShares(share(0, 0), share(5, 10))).toBeNull();
    expect(compareMeans(values([1]), values([2, 3]))).toBeNull();
    expect(sampleNeeded(share(0, 100), 'share')).toBeNull();
  });

  it('say how many instances a 10% change of a 10% baseline needs: (1.960 + 0.842)² · (0.09 + 0.0979) / 0.01²', () => {
    expect(sampleNeeded(share(100, 1000), 'share')).toBe(14_749);
  });

  it('warn of a sample ratio mismatch only below p = 0.001', () => {
    expect(sampleRatio([1000, 1000], [50, 50])).toEqual({ pValue: 1, mismatch: false });
    // χ² = 2·75²/1075 = 10.47, 1 degree of freedom: p = 0.0012.
    const close = sampleRatio([1000, 1150], [1, 1]);
    expect(close.pValue).toBeCloseTo(0.00122, 4);
    expect(close.mismatch).toBe(false);
    expect(sampleRatio([1000, 1200], [1, 1]).mismatch).toBe(true);
    // Weights 1:3 expect a quarter in the first variant.
    expect(sampleRatio([500, 1500], [1, 3]).mismatch).toBe(false);
    expect(sampleRatio([0, 0], [1, 1])).toEqual({ pValue: null, mismatch: false });
  });
});
