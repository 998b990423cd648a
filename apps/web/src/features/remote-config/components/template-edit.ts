import type { RemoteCondition, RemoteParameter, RemoteTemplate } from '@wharf/contract';

/** The draft after one edit in the console; each is saved whole, as the server keeps it. */

export function putParameter(t: RemoteTemplate, p: RemoteParameter, replacing: string | null): RemoteTemplate {
  const at = replacing === null ? -1 : t.parameters.findIndex((x) => x.key === replacing);
  const parameters = at < 0 ? [...t.parameters, p] : t.parameters.map((x, i) => (i === at ? p : x));
  return { ...t, parameters };
}

export function dropParameter(t: RemoteTemplate, key: string): RemoteTemplate {
  return { ...t, parameters: t.parameters.filter((p) => p.key !== key) };
}

/** A renamed condition keeps its values: parameters follow the new name. */
export function putCondition(t: RemoteTemplate, c: RemoteCondition, replacing: string | null): RemoteTemplate {
  const at = replacing === null ? -1 : t.conditions.findIndex((x) => x.name === replacing);
  const conditions = at < 0 ? [...t.conditions, c] : t.conditions.map((x, i) => (i === at ? c : x));
  const renamed = replacing !== null && replacing !== c.name;
  const parameters = renamed ? t.parameters.map((p) => ({ ...p, conditionalValues: p.conditionalValues.map((v) => (v.condition === replacing ? { ...v, condition: c.name } : v)) })) : t.parameters;
  return { conditions, parameters };
}

/** Removing a condition removes the values parameters had for it. */
export function dropCondition(t: RemoteTemplate, name: string): RemoteTemplate {
  return {
    conditions: t.conditions.filter((c) => c.name !== name),
    parameters: t.parameters.map((p) => ({ ...p, conditionalValues: p.conditionalValues.filter((v) => v.condition !== name) })),
  };
}

/** Moves a condition one place up (-1) or down (+1) in priority. */
export function moveCondition(t: RemoteTemplate, name: string, by: -1 | 1): RemoteTemplate {
  const from = t.conditions.findIndex((c) => c.name === name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= t.conditions.length) return t;
  const conditions = [...t.conditions];
  [conditions[from], conditions[to]] = [conditions[to]!, conditions[from]!];
  return { ...t, conditions };
}

/** How many parameters have a value for the condition. */
export function usesOf(t: RemoteTemplate, name: string): number {
  return t.parameters.filter((p) => p.conditionalValues.some((v) => v.condition === name)).length;
}
