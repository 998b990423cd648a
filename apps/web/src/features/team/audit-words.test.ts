import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@wharf/contract';
import cn from './locales/cn.json';
import en from './locales/en.json';
import ru from './locales/ru.json';

// The audit log words every action the server can record, on each site.
const at = (tree: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('audit log words', () => {
  for (const [language, strings] of Object.entries({ cn, en, ru })) {
    it(`has a sentence for every action of the contract's catalogue in ${language}`, () => {
      const missing = AUDIT_ACTIONS.filter((action) => typeof at(strings.audit.action, action) !== 'string' || !(at(strings.audit.action, action) as string).trim());
      expect(missing).toEqual([]);
      expect(AUDIT_ACTIONS.length).toBeGreaterThan(100);
    });
  }
});
