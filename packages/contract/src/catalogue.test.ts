import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from './index';
import { isPermissionName } from './kit/permissions';
import { APP_USER_REQUIREMENTS, parseAccess } from './kit/access';

describe('the call catalogue', () => {
  it('has unique ids and unique method + path pairs', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${e.fullPath}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares a valid access level on every endpoint', () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(0);
    for (const e of ALL_ENDPOINTS) {
      const { kind, requirement } = parseAccess(e.access);
      if (kind === 'team' || kind === 'project' || kind === 'app') expect(isPermissionName(requirement ?? '')).toBe(true);
      else if (kind === 'operator') expect(['reviewer', 'support', 'admin']).toContain(requirement);
      else if (kind === 'api-client') expect(requirement === null || /^[a-z][\w.-]*$/.test(requirement)).toBe(true);
      else if (kind === 'app-client') expect(requirement === null || (APP_USER_REQUIREMENTS as string[]).includes(requirement)).toBe(true);
      else expect(['anonymous', 'device', 'session']).toContain(kind);
    }
  });
});
