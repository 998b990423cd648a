import type { ConditionRule, FetchAttributes, RemoteTemplate } from '@wharf/contract';
import { compareParsedVersions, parseVersion } from '@wharf/rules';
import { percentileOf } from '../../platform/percentile';

/** The instance's place in 0–100 for a seed (platform/percentile.ts), as the conditions and experiments use it. */
export { percentileOf };

/** What a condition is tested against: the device's attributes, its instance ID and the time. */
export interface DeviceFacts extends FetchAttributes {
  deviceId: string;
  now: Date;
  /** The audiences the instance is in; read only for a template with audience rules. */
  audiences?: ReadonlySet<string>;
}

type Test = (d: DeviceFacts) => boolean;


const COMPARE = {
  eq: (d: number) => d === 0,
  ne: (d: number) => d !== 0,
  gt: (d: number) => d > 0,
  gte: (d: number) => d >= 0,
  lt: (d: number) => d < 0,
  lte: (d: number) => d <= 0,
} as const;

/** `in` holds when the value is one of them, `notIn` when it is none; an attribute not sent holds neither. */
function oneOf(op: 'in' | 'notIn', values: readonly string[], read: (d: DeviceFacts) => string | undefined, matches: (value: string, wanted: string) => boolean = (v, w) => v === w): Test {
  return (d) => {
    const value = read(d);
    if (value === undefined) return false;
    const found = values.some((w) => matches(value, w));
    return op === 'in' ? found : !found;
  };
}

function versionTest(op: keyof typeof COMPARE, wanted: string, read: (d: DeviceFacts) => string | undefined): Test {
  const bound = parseVersion(wanted);
  const holds = COMPARE[op];
  return (d) => {
    const value = read(d);
    return value !== undefined && holds(compareParsedVersions(parseVersion(value), bound));
  };
}

function userPropertyTest(rule: Extract<ConditionRule, { field: 'userProperty' }>): Test {
  const read = (d: DeviceFacts) => d.userProperties?.[rule.name];
  switch (rule.op) {
    case 'in':
    case 'notIn':
      return oneOf(rule.op, rule.values, read);
    case 'contains':
      return (d) => {
        const value = read(d);
        return value !== undefined && rule.values.some((v) => value.includes(v));
      };
    default: {
      const bound = Number(rule.values[0]);
      const holds = COMPARE[rule.op];
      return (d) => {
        const n = Number(read(d));
        return read(d) !== undefined && Number.isFinite(n) && Number.isFinite(bound) && holds(n - bound);
      };
    }
  }
}

/** A rule made once into a test: bounds parsed, cases folded, so a fetch only compares. */
export function compileRule(rule: ConditionRule): Test {
  switch (rule.field) {
    case 'appVersion':
      return versionTest(rule.op, rule.value, (d) => d.appVersion);
    case 'osVersion':
      return versionTest(rule.op, rule.value, (d) => d.osVersion);
    case 'os':
      return oneOf(rule.op, rule.values, (d) => d.os);
    case 'country':
      return oneOf(rule.op, rule.values, (d) => d.country);
    case 'language': {
      const wanted = rule.values.map((w) => w.toLowerCase());
      return oneOf(rule.op, wanted, (d) => d.language?.toLowerCase(), (v, w) => v === w || v.startsWith(`${w}-`));
    }
    case 'deviceModel':
      return oneOf(rule.op, rule.values.map((v) => v.toLowerCase()), (d) => d.deviceModel?.toLowerCase());
    case 'userProperty':
      return userPropertyTest(rule);
    case 'percentile':
      return (d) => {
        const p = percentileOf(rule.seed, d.deviceId);
        return p > rule.from && p <= rule.to;
      };
    case 'dateTime': {
      const at = Date.parse(rule.value);
      return rule.op === 'before' ? (d) => d.now.getTime() < at : (d) => d.now.getTime() >= at;
    }
    case 'audience':
      return (d) => {
        const found = rule.values.some((id) => d.audiences?.has(id) ?? false);
        return rule.op === 'in' ? found : !found;
      };
  }
}

/** Whether any condition of a template tests audiences (so a fetch has to know the instance's). */
export const usesAudiences = (template: RemoteTemplate): boolean => template.conditions.some((c) => c.rules.some((r) => r.field === 'audience'));

/** Whether one rule holds for a device. */
export function ruleHolds(rule: ConditionRule, d: DeviceFacts): boolean {
  return compileRule(rule)(d);
}

/** A template's conditions made into tests, in priority order. */
export function compileConditions(template: RemoteTemplate): Test[] {
  return template.conditions.map((c) => {
    const tests = c.rules.map(compileRule);
    return (d: DeviceFacts) => tests.every((test) => test(d));
  });
}

/** Which conditions hold for a device, as a string of 0s and 1s in priority order. */
export function matchMask(conditions: readonly Test[], d: DeviceFacts): string {
  let mask = '';
  for (const holds of conditions) mask += holds(d) ? '1' : '0';
  return mask;
}

/** Per parameter, the value a device gets and the condition that gave it (null: the default, or nothing). */
export function explain(template: RemoteTemplate, mask: string): Array<{ key: string; type: RemoteTemplate['parameters'][number]['type']; value: string | null; condition: string | null }> {
  const priority = new Map(template.conditions.map((c, i) => [c.name, i]));
  return template.parameters.map((p) => {
    let best: { at: number; value: string; condition: string } | null = null;
    for (const cv of p.conditionalValues) {
      const at = priority.get(cv.condition);
      if (at !== undefined && mask[at] === '1' && (best === null || at < best.at)) best = { at, value: cv.value, condition: cv.condition };
    }
    return { key: p.key, type: p.type, value: best?.value ?? p.defaultValue, condition: best?.condition ?? null };
  });
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
