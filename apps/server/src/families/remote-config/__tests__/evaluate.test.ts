import { describe, expect, it } from 'vitest';
import type { RemoteTemplate } from '@wharf/contract';
import { compileConditions, matchMask, ruleHolds, valuesFor, type DeviceFacts } from '../evaluate';

const device = (over: Partial<DeviceFacts> = {}): DeviceFacts => ({ deviceId: 'device-0001', now: new Date('2026-11-27T12:00:00Z'), ...over });

describe('condition rules', () => {
  it('compare app and OS versions as versions', () => {
    expect(ruleHolds({ field: 'appVersion', op: 'gte', value: '2.0' }, device({ appVersion: '2.10' }))).toBe(true);
    expect(ruleHolds({ field: 'appVersion', op: 'gte', value: '2.0' }, device({ appVersion: '1.9.9' }))).toBe(false);
    expect(ruleHolds({ field: 'osVersion', op: 'lt', value: '14' }, device({ osVersion: '13.1' }))).toBe(true);
  });

  it('do not hold on an attribute the device did not send, even for "not in"', () => {
    expect(ruleHolds({ field: 'appVersion', op: 'lt', value: '2.0' }, device())).toBe(false);
    expect(ruleHolds({ field: 'country', op: 'notIn', values: ['RU'] }, device())).toBe(false);
    expect(ruleHolds({ field: 'userProperty', name: 'plan', op: 'notIn', values: ['pro'] }, device())).toBe(false);
  });

  it('match countries, OSes, device models (any case) and languages by their primary tag', () => {
    expect(ruleHolds({ field: 'country', op: 'in', values: ['RU', 'BY'] }, device({ country: 'RU' }))).toBe(true);
    expect(ruleHolds({ field: 'country', op: 'notIn', values: ['RU'] }, device({ country: 'DE' }))).toBe(true);
    expect(ruleHolds({ field: 'os', op: 'in', values: ['harmonyos'] }, device({ os: 'android' }))).toBe(false);
    expect(ruleHolds({ field: 'deviceModel', op: 'in', values: ['Pixel 8'] }, device({ deviceModel: 'pixel 8' }))).toBe(true);
    expect(ruleHolds({ field: 'language', op: 'in', values: ['zh'] }, device({ language: 'zh-Hans-CN' }))).toBe(true);
    expect(ruleHolds({ field: 'language', op: 'in', values: ['zh-Hant'] }, device({ language: 'zh-Hans-CN' }))).toBe(false);
  });

  it('hold for an instance in one of the audiences, or (not in) in none of them', () => {
    const a = '00000000-0000-4000-8000-00000000000a';
    const b = '00000000-0000-4000-8000-00000000000b';
    expect(ruleHolds({ field: 'audience', op: 'in', values: [a, b] }, device({ audiences: new Set([b]) }))).toBe(true);
    expect(ruleHolds({ field: 'audience', op: 'in', values: [a] }, device({ audiences: new Set([b]) }))).toBe(false);
    expect(ruleHolds({ field: 'audience', op: 'notIn', values: [a] }, device({ audiences: new Set([b]) }))).toBe(true);
    expect(ruleHolds({ field: 'audience', op: 'notIn', values: [a, b] }, device({ audiences: new Set([b]) }))).toBe(false);
    // An instance analytics never saw is in no audience.
    expect(ruleHolds({ field: 'audience', op: 'notIn', values: [a] }, device({ audiences: new Set() }))).toBe(true);
  });

  it('compare user properties as text or as numbers', () => {
    const props = { plan: 'pro-annual', level: '12' };
    expect(ruleHolds({ field: 'userProperty', name: 'plan', op: 'contains', values: ['pro'] }, device({ userProperties: props }))).toBe(true);
    expect(ruleHolds({ field: 'userProperty', name: 'level', op: 'gte', values: ['10'] }, device({ userProperties: props }))).toBe(true);
    expect(ruleHolds({ field: 'userProperty', name: 'plan', op: 'gt', values: ['1'] }, device({ userProperties: props }))).toBe(false);
  });

  it('hold before or after a moment on the server clock', () => {
    expect(ruleHolds({ field: 'dateTime', op: 'after', value: '2026-11-27T11:00:00Z' }, device())).toBe(true);
    expect(ruleHolds({ field: 'dateTime', op: 'before', value: '2026-11-27T11:00:00+03:00' }, device())).toBe(false);
  });
});

describe('resolving values', () => {
  const template: RemoteTemplate = {
    conditions: [
      { name: 'Russia', rules: [{ field: 'country', op: 'in', values: ['RU'] }] },
      { name: 'New', rules: [{ field: 'appVersion', op: 'gte', value: '2.0' }] },
    ],
    parameters: [
      // Listed in the other order: priority is the conditions' order, not this list's.
      { key: 'greeting', type: 'string', defaultValue: 'Hello', conditionalValues: [{ condition: 'New', value: 'Hi' }, { condition: 'Russia', value: 'Привет' }] },
      { key: 'limit', type: 'number', defaultValue: null, conditionalValues: [{ condition: 'New', value: '20' }] },
    ],
  };

  it('take the first holding condition by priority, else the default; no value at all leaves the parameter out', () => {
    const both = matchMask(compileConditions(template), device({ country: 'RU', appVersion: '2.1' }));
    expect(both).toBe('11');
    expect(valuesFor(template, both)).toEqual({ values: { greeting: 'Привет', limit: '20' }, types: { greeting: 'string', limit: 'number' } });
    expect(valuesFor(template, matchMask(compileConditions(template), device({ country: 'DE', appVersion: '2.1' }))).values).toEqual({ greeting: 'Hi', limit: '20' });
    expect(valuesFor(template, matchMask(compileConditions(template), device({ country: 'DE', appVersion: '1.0' }))).values).toEqual({ greeting: 'Hello' });
  });
});
