import { describe, expect, it } from 'vitest';
import { canDemoMemberEdit, hasPermission } from './permissions';

describe('hasPermission', () => {
  const stored = { appManage: 'Y', finance: 'N', legal: 'y', ops: true, build: 'YES', empty: '' };

  it('is true only for the value Y', () => {
    expect(hasPermission(stored, 'appManage')).toBe(true);
    for (const name of ['finance', 'legal', 'ops', 'build', 'empty', 'missing']) {
      expect(hasPermission(stored, name)).toBe(false);
    }
  });

  it('accepts the stored JSON text', () => {
    const json = JSON.stringify(stored);
    expect(hasPermission(json, 'appManage')).toBe(true);
    expect(hasPermission(json, 'finance')).toBe(false);
  });

  it('gives false when the text does not parse or is not a map', () => {
    for (const bad of ['', '{', 'Y', 'null', '"Y"', '["appManage"]', '42', 'undefined']) {
      expect(hasPermission(bad, 'appManage')).toBe(false);
    }
    expect(hasPermission(null, 'appManage')).toBe(false);
    expect(hasPermission(undefined, 'appManage')).toBe(false);
    expect(hasPermission(['Y'] as unknown as Record<string, unknown>, '0')).toBe(false);
  });

  it('does not read inherited properties', () => {
    expect(hasPermission({}, 'toString')).toBe(false);
    expect(hasPermission('{"__proto__":{"x":"Y"}}', 'x')).toBe(false);
    expect(hasPermission(Object.create({ inherited: 'Y' }) as Record<string, unknown>, 'inherited')).toBe(false);
  });
});

describe('canDemoMemberEdit', () => {
  it('is true only when the configuration sets the flag', () => {
    expect(canDemoMemberEdit({ demoProjectMemberEditPermission: true })).toBe(true);
    expect(canDemoMemberEdit({ demoProjectMemberEditPermission: 'Y' })).toBe(true);
    expect(canDemoMemberEdit({ demoProjectMemberEditPermission: false })).toBe(false);
    expect(canDemoMemberEdit({ demoProjectMemberEditPermission: 'N' })).toBe(false);
    expect(canDemoMemberEdit({})).toBe(false);
    expect(canDemoMemberEdit(null)).toBe(false);
    expect(canDemoMemberEdit(undefined)).toBe(false);
  });
});
