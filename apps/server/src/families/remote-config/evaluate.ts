import { createHash } from 'node:crypto';
import type { ConditionRule, FetchAttributes, RemoteTemplate } from '@wharf/contract';
import { compareVersions } from '@wharf/rules';

/** What a condition is tested against: the device's attributes, its instance ID and the time. */
export interface DeviceFacts extends FetchAttributes {
  deviceId: string;
  now: Date;
}

/**
 * The device's place in 0–100 for a seed: sha256 of `seed.deviceId`, in 10,000 slices of
 * 0.01, from 0.01 to 100. Stable per device and seed, independent across seeds.
 */
export function percentileOf(seed: string, deviceId: string): number {
  const n = createHash('sha256').update(`${seed}.${deviceId}`).digest().readUInt32BE(0);
  return ((n % 10_000) + 1) / 100;
}

const COMPARE = {
  eq: (d: number) => d === 0,
  ne: (d: number) => d !== 0,
  gt: (d: number) => d > 0,
  gte: (d: number) => d >= 0,
  lt: (d: number) => d < 0,
  lte: (d: number) => d <= 0,
} as const;

function oneOf(op: 'in' | 'notIn', present: boolean): boolean {
  return op === 'in' ? present : !present;
}

function languageMatches(device: string, wanted: string): boolean {
  const d = device.toLowerCase();
  const w = wanted.toLowerCase();
  return d === w || d.startsWith(`${w}-`);
}

function userProperty(rule: Extract<ConditionRule, { field: 'userProperty' }>, value: string): boolean {
  switch (rule.op) {
    case 'in':
      return rule.values.includes(value);
    case 'notIn':
      return !rule.values.includes(value);
    case 'contains':
      return rule.values.some((v) => value.includes(v));
    default: {
      const n = Number(value);
      const bound = Number(rule.values[0]);
      return Number.isFinite(n) && Number.isFinite(bound) && COMPARE[rule.op](n - bound);
    }
  }
}

/** Whether one rule holds; a rule on an attribute the device did not send does not. */
export function ruleHolds(rule: ConditionRule, d: DeviceFacts): boolean {
  switch (rule.field) {
    case 'appVersion':
      return d.appVersion !== undefined && COMPARE[rule.op](compareVersions(d.appVersion, rule.value));
    case 'osVersion':
      return d.osVersion !== undefined && COMPARE[rule.op](compareVersions(d.osVersion, rule.value));
    case 'os':
      return d.os !== undefined && oneOf(rule.op, (rule.values as readonly string[]).includes(d.os));
    case 'country':
      return d.country !== undefined && oneOf(rule.op, rule.values.includes(d.country));
    case 'language':
      return d.language !== undefined && oneOf(rule.op, rule.values.some((w) => languageMatches(d.language!, w)));
    case 'deviceModel': {
      const model = d.deviceModel?.toLowerCase();
      return model !== undefined && oneOf(rule.op, rule.values.some((v) => v.toLowerCase() === model));
    }
    case 'userProperty': {
      const value = d.userProperties?.[rule.name];
      return value !== undefined && userProperty(rule, value);
    }
    case 'percentile': {
      const p = percentileOf(rule.seed, d.deviceId);
      return p > rule.from && p <= rule.to;
    }
    case 'dateTime': {
      const at = Date.parse(rule.value);
      return rule.op === 'before' ? d.now.getTime() < at : d.now.getTime() >= at;
    }
  }
}

/** Which of the template's conditions hold for a device, as a string of 0s and 1s in priority order. */
export function matchMask(template: RemoteTemplate, d: DeviceFacts): string {
  let mask = '';
  for (const c of template.conditions) mask += c.rules.every((r) => ruleHolds(r, d)) ? '1' : '0';
  return mask;
}

/**
 * The values for one set of holding conditions: per parameter, the value of the first
 * holding condition in priority order that it has one for, else its default; a parameter
 * with neither is left out (the app keeps its in-app default).
 */
export function valuesFor(template: RemoteTemplate, mask: string): { values: Record<string, string>; types: Record<string, RemoteTemplate['parameters'][number]['type']> } {
  const priority = new Map(template.conditions.map((c, i) => [c.name, i]));
  const values: Record<string, string> = {};
  const types: Record<string, RemoteTemplate['parameters'][number]['type']> = {};
  for (const p of template.parameters) {
    let best: { at: number; value: string } | null = null;
    for (const cv of p.conditionalValues) {
      const at = priority.get(cv.condition);
      if (at !== undefined && mask[at] === '1' && (best === null || at < best.at)) best = { at, value: cv.value };
    }
    const value = best?.value ?? p.defaultValue;
    if (value === null) continue;
    values[p.key] = value;
    types[p.key] = p.type;
  }
  return { values, types };
}
