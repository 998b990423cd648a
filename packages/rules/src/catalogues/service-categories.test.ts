import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES, serviceCategoryOf } from './service-categories';

describe('SERVICE_CATEGORIES', () => {
  it('are the 11 categories of the specification, in its order', () => {
    expect(SERVICE_CATEGORIES.map((c) => [c.id, c.label])).toEqual([
      [8, 'distribute'],
      [1, 'build'],
      [2, 'quality'],
      [3, 'increase'],
      [4, 'gain'],
      [5, 'analysis'],
      [6, 'cloudApp'],
      [7, 'tools'],
      [9, 'capability'],
      [10, 'business'],
      [11, 'serverless'],
    ]);
  });

  it('have unique ids 1 to 11 and a name in cn, en and ru', () => {
    expect(SERVICE_CATEGORIES.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const { label, names } of SERVICE_CATEGORIES) {
      for (const name of [names.cn, names.en, names.ru]) expect(name.trim(), label).not.toBe('');
    }
    expect(serviceCategoryOf(8)?.names).toEqual({ cn: '分发', en: 'Distribute', ru: 'Распространение' });
  });

  it('are frozen', () => {
    expect(Object.isFrozen(SERVICE_CATEGORIES)).toBe(true);
    expect(Object.isFrozen(SERVICE_CATEGORIES[0]?.names)).toBe(true);
  });
});

describe('serviceCategoryOf', () => {
  it('finds a category by id, numeric string or label', () => {
    expect(serviceCategoryOf(11)?.label).toBe('serverless');
    expect(serviceCategoryOf('8')?.label).toBe('distribute');
    expect(serviceCategoryOf('cloudApp')?.id).toBe(6);
  });

  it('gives null for unknown or missing input', () => {
    for (const bad of [0, 12, '', 'Distribute', '8.5', null, undefined]) expect(serviceCategoryOf(bad)).toBeNull();
  });
});
