import { describe, expect, it } from 'vitest';
import { APP_KINDS, appKindById } from './app-kinds';

describe('APP_KINDS', () => {
  it('has unique ids, both categories and names in all three languages', () => {
    expect(new Set(APP_KINDS.map((k) => k.id)).size).toBe(APP_KINDS.length);
    expect(APP_KINDS.some((k) => k.category === 'app')).toBe(true);
    expect(APP_KINDS.some((k) => k.category === 'game')).toBe(true);
    for (const k of APP_KINDS) for (const l of ['cn', 'en', 'ru'] as const) expect(k.names[l].length).toBeGreaterThan(0);
  });

  it('finds a kind by id', () => {
    expect(appKindById('tools')?.names.ru).toBe('Инструменты');
    expect(appKindById('nope')).toBeNull();
    expect(appKindById(null)).toBeNull();
  });
});
