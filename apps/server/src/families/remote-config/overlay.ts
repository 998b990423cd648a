import type { ConditionRule, ParameterType } from '@wharf/contract';
import { compileRule, percentileOf, type DeviceFacts } from './evaluate';

/** A running experiment as the fetch applies it: who takes part, and each variant's values. */
export interface ExperimentOverlay {
  id: string;
  name: string;
  /** Random per experiment: its instances and their variants are independent of any other's. */
  seed: string;
  rules: ConditionRule[];
  percent: number;
  /** The parameters' types, as published when it started. */
  types: Record<string, ParameterType>;
  variants: Array<{ weight: number; values: Record<string, string | null> }>;
}

/**
 * The variant an instance gets (-1: it does not take part). Taking part is one hash of the
 * instance ID (`<seed>.in`), the variant another (`<seed>.variant`), so the variants split
 * the targeted instances by their weights whatever the share targeted, and an instance
 * keeps its variant when the share grows.
 */
export function compileAssignment(o: ExperimentOverlay): (d: DeviceFacts) => number {
  const tests = o.rules.map(compileRule);
  const total = o.variants.reduce((sum, v) => sum + v.weight, 0);
  return (d) => {
    if (!tests.every((test) => test(d))) return -1;
    if (percentileOf(`${o.seed}.in`, d.deviceId) > o.percent) return -1;
    const at = (percentileOf(`${o.seed}.variant`, d.deviceId) / 100) * total;
    let upTo = 0;
    for (let i = 0; i < o.variants.length; i++) {
      upTo += o.variants[i]!.weight;
      if (at <= upTo) return i;
    }
    return o.variants.length - 1;
  };
}

/** The values a device gets: Remote Configuration's, with each of its experiments' variant values over them. */
export function overlay(
  base: { values: Record<string, string>; types: Record<string, ParameterType> },
  experiments: readonly ExperimentOverlay[],
  variants: readonly number[],
): { values: Record<string, string>; types: Record<string, ParameterType> } {
  if (!variants.some((v) => v >= 0)) return base;
  const values = { ...base.values };
  const types = { ...base.types };
  experiments.forEach((e, i) => {
    const variant = variants[i]!;
    if (variant < 0) return;
    for (const [key, value] of Object.entries(e.variants[variant]!.values)) {
      if (value === null) continue;
      values[key] = value;
      types[key] = e.types[key] ?? 'string';
    }
  });
  return { values, types };
}
