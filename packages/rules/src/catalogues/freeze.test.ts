import { describe, expect, it } from 'vitest';
import { freezeDeep } from './freeze';

describe('freezeDeep', () => {
  it('freezes nested objects and arrays and returns the same value', () => {
    const value = { a: [{ b: 1 }], c: { d: 'x' } };
    expect(freezeDeep(value)).toBe(value);
    expect([value, value.a, value.a[0], value.c].every((v) => Object.isFrozen(v))).toBe(true);
    expect(() => {
      (value.c as { d: string }).d = 'y';
    }).toThrow(TypeError);
    expect(value.c.d).toBe('x');
  });

  it('passes primitives and null through', () => {
    expect(freezeDeep(1)).toBe(1);
    expect(freezeDeep('s')).toBe('s');
    expect(freezeDeep(null)).toBeNull();
  });
});
