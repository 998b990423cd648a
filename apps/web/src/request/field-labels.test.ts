import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_ENDPOINTS, FIELD_RULES, REFINEMENTS } from '@wharf/contract';
import { createI18n } from '../app/i18n';

/** Every field name any call takes, from the contract's schemas (as zod's JSON Schema names them). */
function inputFieldNames(): string[] {
  const names = new Set<string>();
  const walk = (s: unknown): void => {
    if (!s || typeof s !== 'object') return;
    const node = s as Record<string, unknown>;
    if (node.properties) {
      for (const [k, v] of Object.entries(node.properties as Record<string, unknown>)) {
        names.add(k);
        walk(v);
      }
    }
    if (node.items) walk(node.items);
    for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(node[k])) (node[k] as unknown[]).forEach(walk);
  };
  for (const e of ALL_ENDPOINTS) for (const part of [e.body, e.query, e.params]) if (part) walk(z.toJSONSchema(part as z.ZodType, { unrepresentable: 'any', io: 'input' }));
  return [...names].sort();
}

describe('field refusals can be said in every language', () => {
  const fields = inputFieldNames();
  it.each(['cn', 'en', 'ru'] as const)('%s: a label for every field of every call, a text for every rule and reason', (language) => {
    const i18n = createI18n(language);
    const missing = [
      ...fields.filter((f) => !i18n.exists(`fields.${f}`)).map((f) => `fields.${f}`),
      ...FIELD_RULES.filter((r) => !i18n.exists(`errors.rule.${r}`)).map((r) => `errors.rule.${r}`),
      ...Object.keys(REFINEMENTS).filter((r) => !i18n.exists(`errors.reason.${r}`)).map((r) => `errors.reason.${r}`),
    ];
    expect(fields.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
