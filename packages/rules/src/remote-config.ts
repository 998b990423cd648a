/**
 * Remote configuration's rules both sides apply: how versions compare in conditions, which
 * text a parameter type accepts, and what changed between two templates (the console's
 * diff, the audit event's summary).
 */

/** A version split for comparing: its numeric parts and what follows them (a pre-release suffix). */
export type ParsedVersion = readonly [readonly number[], string];

export function parseVersion(v: string): ParsedVersion {
  const m = /^(\d+(?:\.\d+)*)(.*)$/.exec(v.trim());
  if (!m) return [[], v.trim()];
  return [m[1]!.split('.').map(Number), m[2]!];
}

/** Compares two parsed versions: numeric parts left to right (a missing part is 0); a pre-release suffix sorts first. */
export function compareParsedVersions([aNum, aRest]: ParsedVersion, [bNum, bRest]: ParsedVersion): number {
  for (let i = 0; i < Math.max(aNum.length, bNum.length); i += 1) {
    const d = (aNum[i] ?? 0) - (bNum[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (aRest === bRest) return 0;
  if (aRest === '') return 1;
  if (bRest === '') return -1;
  return aRest < bRest ? -1 : 1;
}

/** Compares "2.10.1" with "2.9" (see compareParsedVersions). */
export function compareVersions(a: string, b: string): number {
  return compareParsedVersions(parseVersion(a), parseVersion(b));
}

export type RemoteValueType = 'string' | 'number' | 'boolean' | 'json';

/** Whether a value's text reads as its parameter's type (what an app's getNumber/getBoolean/getJson can read). */
export function valueFitsType(type: RemoteValueType, value: string): boolean {
  switch (type) {
    case 'string':
      return true;
    case 'number':
      return /^\s*-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(value) && Number.isFinite(Number(value));
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'json':
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
  }
}

/** JSON with object keys sorted, so two equal templates read the same whatever stored them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

interface Named {
  name: string;
}
interface Keyed {
  key: string;
}
export interface TemplateShape<C extends Named = Named, P extends Keyed = Keyed> {
  conditions: readonly C[];
  parameters: readonly P[];
}

export interface ListDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface TemplateDiff {
  parameters: ListDiff;
  conditions: ListDiff;
  /** The conditions' order (their priority) changed. */
  reordered: boolean;
}

function listDiff<T>(before: readonly T[], after: readonly T[], id: (t: T) => string): ListDiff {
  const old = new Map(before.map((t) => [id(t), canonicalJson(t)]));
  const now = new Map(after.map((t) => [id(t), canonicalJson(t)]));
  return {
    added: [...now.keys()].filter((k) => !old.has(k)),
    removed: [...old.keys()].filter((k) => !now.has(k)),
    changed: [...now].filter(([k, v]) => old.has(k) && old.get(k) !== v).map(([k]) => k),
  };
}

/** What changed from one template to another, by parameter key and condition name. */
export function templateDiff(before: TemplateShape | null, after: TemplateShape): TemplateDiff {
  const b = before ?? { conditions: [], parameters: [] };
  const kept = (list: readonly Named[], other: readonly Named[]) => list.map((c) => c.name).filter((n) => other.some((o) => o.name === n));
  const order = kept(b.conditions, after.conditions);
  return {
    parameters: listDiff(b.parameters, after.parameters, (p) => p.key),
    conditions: listDiff(b.conditions, after.conditions, (c) => c.name),
    reordered: order.join('\n') !== kept(after.conditions, b.conditions).join('\n'),
  };
}

export function diffIsEmpty(d: TemplateDiff): boolean {
  const none = (l: ListDiff) => l.added.length + l.removed.length + l.changed.length === 0;
  return none(d.parameters) && none(d.conditions) && !d.reordered;
}
