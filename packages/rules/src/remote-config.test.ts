import { describe, expect, it } from 'vitest';
import { canonicalJson, compareVersions, diffIsEmpty, templateDiff, valueFitsType } from './remote-config';

describe('compareVersions', () => {
  it('compares numeric parts as numbers, a missing part as 0', () => {
    expect(compareVersions('2.10', '2.9')).toBe(1);
    expect(compareVersions('2.0', '2')).toBe(0);
    expect(compareVersions('1.9.9', '2.0')).toBe(-1);
    expect(compareVersions('10.0.0.1', '10.0.0')).toBe(1);
  });
  it('puts a pre-release before its release', () => {
    expect(compareVersions('2.0-beta', '2.0')).toBe(-1);
    expect(compareVersions('2.0', '2.0-rc.1')).toBe(1);
    expect(compareVersions('2.0-alpha', '2.0-beta')).toBe(-1);
  });
});

describe('valueFitsType', () => {
  it.each([
    ['number', '42', true], ['number', '-0.5', true], ['number', '1e3', true], ['number', 'abc', false], ['number', '', false], ['number', '1e999', false],
    ['boolean', 'true', true], ['boolean', 'false', true], ['boolean', 'yes', false], ['boolean', 'True', false],
    ['json', '{"a":[1,2]}', true], ['json', '[1,', false], ['json', 'null', true],
    ['string', '', true],
  ] as const)('%s %j → %s', (type, value, fits) => {
    expect(valueFitsType(type, value)).toBe(fits);
  });
});

describe('templateDiff', () => {
  const p = (key: string, defaultValue: string) => ({ key, type: 'string', defaultValue, conditionalValues: [] });
  const c = (name: string, country: string) => ({ name, rules: [{ field: 'country', op: 'in', values: [country] }] });

  it('names added, removed and changed parameters and conditions', () => {
    const before = { conditions: [c('Russia', 'RU'), c('Germany', 'DE')], parameters: [p('a', '1'), p('b', '2')] };
    const after = { conditions: [c('Russia', 'RU'), c('Germany', 'AT')], parameters: [p('a', '1'), p('b', '3'), p('c', '4')] };
    expect(templateDiff(before, after)).toEqual({
      parameters: { added: ['c'], removed: [], changed: ['b'] },
      conditions: { added: [], removed: [], changed: ['Germany'] },
      reordered: false,
    });
  });

  it('sees a change of priority, and nothing where keys are only ordered differently', () => {
    const before = { conditions: [c('A', 'RU'), c('B', 'DE')], parameters: [p('a', '1')] };
    expect(templateDiff(before, { ...before, conditions: [c('B', 'DE'), c('A', 'RU')] }).reordered).toBe(true);
    const shuffled = { conditions: [{ rules: [{ values: ['RU'], op: 'in', field: 'country' }], name: 'A' }, c('B', 'DE')], parameters: [{ conditionalValues: [], defaultValue: '1', type: 'string', key: 'a' }] };
    expect(diffIsEmpty(templateDiff(before, shuffled))).toBe(true);
  });

  it('treats no earlier template as empty', () => {
    expect(templateDiff(null, { conditions: [], parameters: [p('x', '1')] }).parameters.added).toEqual(['x']);
  });

  it('writes JSON with sorted keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: 3 } })).toBe('{"a":{"c":3,"d":[{"e":2,"f":1}]},"b":1}');
  });
});
