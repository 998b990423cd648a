import jStat from 'jstat';

/**
 * The statistics of an experiment's results (docs/ab-testing.md says why these): a 95%
 * interval for the difference from the baseline (Wald, unpooled, for shares; Welch for
 * means) with its two-sided p-value, and the Bayesian probability that the variant's true
 * figure is above the baseline's (Beta(1, 1) priors on shares, exact; a normal posterior on
 * means). jStat gives the distributions.
 */
const Z95 = jStat.normal.inv(0.975, 0, 1);
const Z80 = jStat.normal.inv(0.8, 0, 1);
/** Above this many conversions the exact sum is replaced by the normal approximation (both agree to 1e-4 long before). */
const EXACT_UP_TO = 20_000;
/** A change of this share of the baseline is what the sample guidance is for. */
export const DETECTABLE_CHANGE = 0.1;

export interface Sample {
  users: number;
  /** Conversions (a share) or the sum of values (a mean). */
  total: number;
  sumSquares: number;
}

export interface Comparison {
  difference: number;
  interval: [number, number];
  relative: number | null;
  pValue: number;
  probabilityToBeat: number;
}

const twoSided = (z: number) => 2 * (1 - jStat.normal.cdf(Math.abs(z), 0, 1));

/**
 * P(p_B > p_A) for Beta posteriors, exactly (Evan Miller's sum over B's successes):
 * Σ_{i<αB} B(αA+i, βA+βB) / ((βB+i) B(1+i, βB) B(αA, βA)).
 */
export function probabilityBBeatsA(alphaA: number, betaA: number, alphaB: number, betaB: number): number {
  let sum = 0;
  const fixed = jStat.betaln(alphaA, betaA);
  for (let i = 0; i < alphaB; i++) {
    sum += Math.exp(jStat.betaln(alphaA + i, betaA + betaB) - Math.log(betaB + i) - jStat.betaln(1 + i, betaB) - fixed);
  }
  return Math.min(1, Math.max(0, sum));
}

/** A variant's share against the baseline's. */
export function compareShares(base: Sample, variant: Sample): Comparison | null {
  if (base.users === 0 || variant.users === 0) return null;
  const p1 = base.total / base.users;
  const p2 = variant.total / variant.users;
  const difference = p2 - p1;
  const se = Math.sqrt((p1 * (1 - p1)) / base.users + (p2 * (1 - p2)) / variant.users);
  const pooled = (base.total + variant.total) / (base.users + variant.users);
  const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / base.users + 1 / variant.users));
  const [aA, bA, aB, bB] = [1 + base.total, 1 + base.users - base.total, 1 + variant.total, 1 + variant.users - variant.total];
  const probabilityToBeat = variant.total <= EXACT_UP_TO
    ? probabilityBBeatsA(aA, bA, aB, bB)
    : jStat.normal.cdf(aB / (aB + bB) - aA / (aA + bA), 0, Math.sqrt((aA * bA) / ((aA + bA) ** 2 * (aA + bA + 1)) + (aB * bB) / ((aB + bB) ** 2 * (aB + bB + 1))));
  return {
    difference,
    interval: [difference - Z95 * se, difference + Z95 * se],
    relative: p1 > 0 ? difference / p1 : null,
    pValue: sePooled > 0 ? twoSided(difference / sePooled) : 1,
    probabilityToBeat,
  };
}

const varianceOf = (s: Sample) => (s.users > 1 ? Math.max(0, (s.sumSquares - (s.total * s.total) / s.users) / (s.users - 1)) : 0);

/** A variant's mean value per instance against the baseline's (Welch). */
export function compareMeans(base: Sample, variant: Sample): Comparison | null {
  if (base.users < 2 || variant.users < 2) return null;
  const m1 = base.total / base.users;
  const m2 = variant.total / variant.users;
  const a = varianceOf(base) / base.users;
  const b = varianceOf(variant) / variant.users;
  const difference = m2 - m1;
  const se = Math.sqrt(a + b);
  if (se === 0) return { difference, interval: [difference, difference], relative: m1 !== 0 ? difference / m1 : null, pValue: difference === 0 ? 1 : 0, probabilityToBeat: difference > 0 ? 1 : difference < 0 ? 0 : 0.5 };
  const df = (a + b) ** 2 / (a ** 2 / (base.users - 1) + b ** 2 / (variant.users - 1));
  const t = jStat.studentt.inv(0.975, df);
  return {
    difference,
    interval: [difference - t * se, difference + t * se],
    relative: m1 !== 0 ? difference / m1 : null,
    pValue: 2 * (1 - jStat.studentt.cdf(Math.abs(difference / se), df)),
    probabilityToBeat: jStat.normal.cdf(difference / se, 0, 1),
  };
}

/** Instances per variant needed to tell a 10% change of the baseline at 95% confidence and 80% power. */
export function sampleNeeded(base: Sample, kind: 'share' | 'mean'): number | null {
  if (base.users < 2) return null;
  const mean = base.total / base.users;
  if (mean <= 0) return null;
  const change = mean * DETECTABLE_CHANGE;
  const spread = kind === 'share' ? mean * (1 - mean) + Math.min(1, mean + change) * (1 - Math.min(1, mean + change)) : 2 * varianceOf(base);
  if (spread <= 0) return null;
  return Math.ceil(((Z95 + Z80) ** 2 * spread) / change ** 2);
}

/** Sample ratio mismatch: the chi-square test of the exposed counts against the weights. */
export function sampleRatio(exposed: readonly number[], weights: readonly number[]): { pValue: number | null; mismatch: boolean } {
  const n = exposed.reduce((a, b) => a + b, 0);
  if (n === 0) return { pValue: null, mismatch: false };
  const w = weights.reduce((a, b) => a + b, 0);
  const chi = exposed.reduce((sum, o, i) => {
    const e = (n * weights[i]!) / w;
    return sum + (o - e) ** 2 / e;
  }, 0);
  const pValue = 1 - jStat.chisquare.cdf(chi, exposed.length - 1);
  return { pValue, mismatch: pValue < 0.001 };
}
