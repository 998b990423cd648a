/**
 * Remote configuration in Firebase's template shape (its REST API and console export): the
 * conditions as expression strings, the parameters as a map (and in groups). Written by
 * hand, for only what Wharf's rules mean: no library reads Firebase's expression language.
 */

/** A rule as the contract's `ConditionRule` has it (this library sees no contract). */
export interface LooseRule {
  field: string;
  op?: string;
  value?: string;
  values?: readonly string[];
  name?: string;
  seed?: string;
  from?: number;
  to?: number;
}

export interface LooseTemplate {
  conditions: ReadonlyArray<{ name: string; description?: string; color?: string; rules: readonly LooseRule[] }>;
  parameters: ReadonlyArray<{ key: string; type: string; defaultValue: string | null; conditionalValues: ReadonlyArray<{ condition: string; value: string }>; description?: string; group?: string }>;
}

type FirebaseValue = { value?: string; useInAppDefault?: boolean };
type FirebaseParameter = { defaultValue?: FirebaseValue; conditionalValues?: Record<string, FirebaseValue>; description?: string; valueType?: string };

export interface FirebaseTemplate {
  conditions: Array<{ name: string; expression: string; tagColor?: string }>;
  parameters: Record<string, FirebaseParameter>;
  parameterGroups?: Record<string, { description?: string; parameters: Record<string, FirebaseParameter> }>;
}

/** Firebase's tag colours and the console's chip colours for them. */
export const FIREBASE_COLORS: Readonly<Record<string, string>> = {
  BLUE: '#4285f4', BROWN: '#795548', CYAN: '#00bcd4', DEEP_ORANGE: '#ff5722', GREEN: '#0f9d58', INDIGO: '#3f51b5',
  LIME: '#cddc39', ORANGE: '#ff9800', PINK: '#e91e63', PURPLE: '#9c27b0', TEAL: '#009688',
};

const SYMBOL: Readonly<Record<string, string>> = { eq: '==', ne: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const OP_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SYMBOL).map(([op, s]) => [s, op]));
const DEVICE_FIELD: Readonly<Record<string, string>> = { country: 'device.country', language: 'device.language', os: 'device.os', deviceModel: 'device.model' };
const FIELD_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(DEVICE_FIELD).map(([f, e]) => [e, f]));

const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const list = (values: readonly string[] = []) => `[${values.map(quote).join(', ')}]`;

/** One rule as a Firebase element; rules Firebase lacks (OS version, device model, not-in) are written in the same style. */
export function ruleExpression(r: LooseRule): string {
  switch (r.field) {
    case 'appVersion':
      return `app.version.${SYMBOL[r.op ?? 'eq']}([${quote(r.value ?? '')}])`;
    case 'osVersion':
      return `device.osVersion.${SYMBOL[r.op ?? 'eq']}([${quote(r.value ?? '')}])`;
    case 'userProperty': {
      const prop = `app.userProperty[${quote(r.name ?? '')}]`;
      if (r.op === 'contains') return `${prop}.contains(${list(r.values)})`;
      if (r.op === 'in') return `${prop}.exactlyMatches(${list(r.values)})`;
      if (r.op === 'notIn') return `!(${prop}.exactlyMatches(${list(r.values)}))`;
      return `${prop} ${SYMBOL[r.op ?? 'eq']} ${Number(r.values?.[0])}`;
    }
    case 'percentile':
      return `percent(${quote(r.seed ?? '')}) between ${r.from ?? 0} and ${r.to ?? 0}`;
    case 'dateTime':
      return `dateTime ${r.op === 'before' ? '<' : '>='} dateTime(${quote(new Date(r.value ?? 0).toISOString().slice(0, 19))}, 'UTC')`;
    case 'audience':
      return `app.audiences.${r.op === 'notIn' ? 'inNone' : 'inAtLeastOne'}(${list(r.values)})`;
    default: {
      const element = `${DEVICE_FIELD[r.field] ?? r.field} in ${list(r.values)}`;
      return r.op === 'notIn' ? `!(${element})` : element;
    }
  }
}

const colorName = (hex: string | undefined) => Object.entries(FIREBASE_COLORS).find(([, h]) => h === hex?.toLowerCase())?.[0];

/** A template in Firebase's shape: conditions in priority order, parameters by key, grouped ones in their groups. */
export function toFirebaseTemplate(t: LooseTemplate): FirebaseTemplate {
  const value = (v: string | null): FirebaseValue => (v === null ? { useInAppDefault: true } : { value: v });
  const parameters: FirebaseTemplate['parameters'] = {};
  const groups: NonNullable<FirebaseTemplate['parameterGroups']> = {};
  for (const p of t.parameters) {
    const out: FirebaseParameter = {
      defaultValue: value(p.defaultValue),
      ...(p.conditionalValues.length ? { conditionalValues: Object.fromEntries(p.conditionalValues.map((cv) => [cv.condition, { value: cv.value }])) } : {}),
      ...(p.description ? { description: p.description } : {}),
      valueType: p.type.toUpperCase(),
    };
    if (p.group) (groups[p.group] ??= { parameters: {} }).parameters[p.key] = out;
    else parameters[p.key] = out;
  }
  return {
    conditions: t.conditions.map((c) => ({ name: c.name, expression: c.rules.map(ruleExpression).join(' && '), ...(colorName(c.color) ? { tagColor: colorName(c.color)! } : {}) })),
    parameters,
    ...(Object.keys(groups).length ? { parameterGroups: groups } : {}),
  };
}

/** Splits an expression at its top-level `&&`s (not inside quotes or brackets). */
function elements(expression: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted: string | null = null;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i]!;
    if (quoted) {
      if (c === '\\') i++;
      else if (c === quoted) quoted = null;
    } else if (c === "'" || c === '"') quoted = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '&' && expression[i + 1] === '&' && depth === 0) {
      out.push(expression.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  out.push(expression.slice(start).trim());
  return out.filter(Boolean);
}

/** The quoted strings of a list's inside: `'RU', 'BY'`. */
function strings(inside: string): string[] {
  return [...inside.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'));
}

const Q = String.raw`['"]([^'"]*)['"]`;
/** A list of quoted strings, and nothing after its closing bracket that is not the element's. */
const L = String.raw`\[\s*((?:(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*(?:,\s*)?)*)\]`;

/** One Firebase element as a rule, or null when it means nothing Wharf's rules can say. */
export function parseElement(text: string, audienceId: (nameOrId: string) => string | null = (id) => id): LooseRule | null {
  const e = text.trim();
  let m: RegExpExecArray | null;
  if ((m = new RegExp(String.raw`^!\(\s*(.+)\s*\)$`).exec(e))) {
    const inner = parseElement(m[1]!, audienceId);
    if (inner && inner.op === 'in' && inner.field !== 'audience') return { ...inner, op: 'notIn' };
    return null;
  }
  if ((m = new RegExp(String.raw`^(device\.country|device\.language|device\.os|device\.model)\s+in\s+${L}$`).exec(e))) {
    const values = strings(m[2]!).map((v) => (m![1] === 'device.country' ? v.toUpperCase() : m![1] === 'device.os' || m![1] === 'device.language' ? v.toLowerCase() : v));
    return { field: FIELD_OF[m[1]!]!, op: 'in', values };
  }
  if ((m = new RegExp(String.raw`^device\.os\s*(==|!=)\s*${Q}$`).exec(e))) return { field: 'os', op: m[1] === '==' ? 'in' : 'notIn', values: [m[2]!.toLowerCase()] };
  if ((m = new RegExp(String.raw`^(app\.version|device\.osVersion)\.(==|!=|>=|<=|>|<)\(\s*${L}\s*\)$`).exec(e))) {
    const [value] = strings(m[3]!);
    return value === undefined ? null : { field: m[1] === 'app.version' ? 'appVersion' : 'osVersion', op: OP_OF[m[2]!]!, value };
  }
  if ((m = new RegExp(String.raw`^app\.userProperty\[${Q}\]\.(exactlyMatches|contains|in)\(\s*${L}\s*\)$`).exec(e))) {
    return { field: 'userProperty', name: m[1]!, op: m[2] === 'contains' ? 'contains' : 'in', values: strings(m[3]!) };
  }
  if ((m = new RegExp(String.raw`^app\.userProperty\[${Q}\]\s*(==|>=|<=|>|<)\s*(-?\d+(?:\.\d+)?)$`).exec(e))) {
    return { field: 'userProperty', name: m[1]!, op: m[2] === '==' ? 'in' : OP_OF[m[2]!]!, values: [m[3]!] };
  }
  if ((m = new RegExp(String.raw`^percent(?:\(\s*${Q}\s*\))?\s+between\s+(\d+(?:\.\d+)?)\s+and\s+(\d+(?:\.\d+)?)$`).exec(e))) {
    return { field: 'percentile', seed: m[1] ?? '', from: Number(m[2]), to: Number(m[3]) };
  }
  if ((m = new RegExp(String.raw`^percent(?:\(\s*${Q}\s*\))?\s*(<=|<|>=|>)\s*(\d+(?:\.\d+)?)$`).exec(e))) {
    const n = Number(m[3]);
    return m[2]!.startsWith('<') ? { field: 'percentile', seed: m[1] ?? '', from: 0, to: n } : { field: 'percentile', seed: m[1] ?? '', from: n, to: 100 };
  }
  if ((m = new RegExp(String.raw`^dateTime\s*(<|<=|>=|>)\s*dateTime\(\s*${Q}\s*(?:,\s*${Q}\s*)?\)$`).exec(e))) {
    const zone = m[3]?.toUpperCase();
    // A named time zone's offset depends on the date: taken as GMT it would move the moment, so such a rule is not read.
    if (zone !== undefined && zone !== 'UTC' && zone !== 'GMT' && zone !== 'ETC/UTC') return null;
    const at = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(m[2]!) ? m[2]! : `${m[2]!}Z`);
    return Number.isNaN(at) ? null : { field: 'dateTime', op: m[1]!.startsWith('<') ? 'before' : 'after', value: new Date(at).toISOString() };
  }
  if ((m = new RegExp(String.raw`^app\.audiences\.(inAtLeastOne|inNone)\(\s*${L}\s*\)$`).exec(e))) {
    const ids = strings(m[2]!).map(audienceId);
    return ids.some((id) => id === null) ? null : { field: 'audience', op: m[1] === 'inNone' ? 'notIn' : 'in', values: ids as string[] };
  }
  return null;
}

/** Whether a parsed file is in Firebase's shape (parameters by key, not a list). */
export const isFirebaseTemplate = (data: unknown): data is FirebaseTemplate =>
  typeof data === 'object' && data !== null && Array.isArray((data as FirebaseTemplate).conditions) && typeof (data as FirebaseTemplate).parameters === 'object' && !Array.isArray((data as FirebaseTemplate).parameters);

/**
 * A Firebase template as Wharf's. A condition with an element Wharf cannot read is left out
 * (named in `skipped`, with the values that used it), never guessed at; the server checks
 * the rest as any save. Audiences are named or given by ID; `audienceId` resolves them.
 */
export function fromFirebaseTemplate(f: FirebaseTemplate, audienceId?: (nameOrId: string) => string | null): { template: LooseTemplate; skipped: string[] } {
  const skipped: string[] = [];
  const conditions: Array<LooseTemplate['conditions'][number]> = [];
  for (const c of f.conditions) {
    const rules = elements(c.expression ?? '').map((e) => parseElement(e, audienceId));
    if (!rules.length || rules.some((r) => r === null)) {
      skipped.push(c.name);
      continue;
    }
    const color = c.tagColor ? FIREBASE_COLORS[c.tagColor.toUpperCase()] : undefined;
    conditions.push({ name: c.name, rules: rules as LooseRule[], ...(color ? { color } : {}) });
  }
  const kept = new Set(conditions.map((c) => c.name));
  const parameter = (key: string, p: FirebaseParameter, group?: string): LooseTemplate['parameters'][number] => ({
    key,
    type: (p.valueType ?? 'STRING').toLowerCase(),
    defaultValue: p.defaultValue && !p.defaultValue.useInAppDefault && typeof p.defaultValue.value === 'string' ? p.defaultValue.value : null,
    conditionalValues: Object.entries(p.conditionalValues ?? {})
      .filter(([name, v]) => kept.has(name) && !v.useInAppDefault && typeof v.value === 'string')
      .map(([condition, v]) => ({ condition, value: v.value! })),
    ...(p.description ? { description: p.description } : {}),
    ...(group ? { group } : {}),
  });
  const parameters = [
    ...Object.entries(f.parameters ?? {}).map(([key, p]) => parameter(key, p)),
    ...Object.entries(f.parameterGroups ?? {}).flatMap(([group, g]) => Object.entries(g.parameters ?? {}).map(([key, p]) => parameter(key, p, group))),
  ];
  return { template: { conditions, parameters }, skipped };
}
