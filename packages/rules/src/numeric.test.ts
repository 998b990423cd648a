import { describe, expect, it } from 'vitest';
import { toFiniteNumber, toInteger } from './numeric';

describe('toFiniteNumber', () => {
  it('keeps finite numbers', () => {
    expect(toFiniteNumber(0)).toBe(0);
    expect(toFiniteNumber(-2.5)).toBe(-2.5);
  });
  it('parses decimal strings, trimming spaces', () => {
    expect(toFiniteNumber('42')).toBe(42);
    expect(toFiniteNumber(' 7 ')).toBe(7);
    expect(toFiniteNumber('-1.5')).toBe(-1.5);
    expect(toFiniteNumber('.5')).toBe(0.5);
    expect(toFiniteNumber('1e3')).toBe(1000);
  });
  it('refuses everything else', () => {
    for (const bad of [NaN, Infinity, -Infinity, '', '  ', 'abc', '0x10', '1,5', '12px', 'Infinity', null, undefined, {}, [], true, 5n]) {
      expect(toFiniteNumber(bad)).toBeNull();
    }
  });
});

describe('toInteger', () => {
  it('accepts whole numbers and their spellings', () => {
    expect(toInteger(7)).toBe(7);
    expect(toInteger('8')).toBe(8);
    expect(toInteger('7.0')).toBe(7);
  });
  it('refuses fractions and non-numbers', () => {
    expect(toInteger(7.5)).toBeNull();
    expect(toInteger('7.5')).toBeNull();
    expect(toInteger('seven')).toBeNull();
  });
});
