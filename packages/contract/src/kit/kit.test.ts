import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseAccess } from './access';
import { buildPath, defineEndpoint } from './endpoint';
import { listQuery } from './list';
import { BUILT_IN_ROLES, PERMISSIONS, ROLE_PERMISSIONS, isPermissionName, userPermissionMap } from './permissions';
import { RET_CODES, retCodeByNumber } from './ret-codes';
import { okResponse } from './envelope';

describe('endpoints', () => {
  const ep = defineEndpoint({
    id: 't.get',
    method: 'GET',
    prefix: 'amis/app-manage/v1',
    path: '/app/:appId/version/:versionId',
    access: 'app:app.read',
    summary: 'test',
    response: okResponse({}),
  });

  it('builds the full path under /agc/edge', () => {
    expect(ep.fullPath).toBe('/agc/edge/amis/app-manage/v1/app/:appId/version/:versionId');
  });

  it('fills and encodes path parameters so a value cannot add segments', () => {
    expect(buildPath(ep, { appId: 'a/b', versionId: 7 })).toBe('/agc/edge/amis/app-manage/v1/app/a%2Fb/version/7');
  });

  it('refuses a missing path parameter', () => {
    expect(() => buildPath(ep, { appId: '1' })).toThrow(/versionId/);
  });

  it('refuses a path without a leading slash', () => {
    expect(() =>
      defineEndpoint({ id: 'x', method: 'GET', prefix: 'p', path: 'x', access: 'anonymous', summary: '', response: z.object({}) }),
    ).toThrow(/must start with/);
  });
});

describe('access levels', () => {
  it('splits kind and requirement', () => {
    expect(parseAccess('team:app.read')).toEqual({ kind: 'team', requirement: 'app.read' });
    expect(parseAccess('operator:reviewer')).toEqual({ kind: 'operator', requirement: 'reviewer' });
    expect(parseAccess('anonymous')).toEqual({ kind: 'anonymous', requirement: null });
  });
});

describe('lists', () => {
  it('defaults to 20 items and caps at 100', () => {
    expect(listQuery.parse({})).toEqual({ pageSize: 20, withTotal: false });
    expect(listQuery.parse({ pageSize: '100', withTotal: 'true' }).pageSize).toBe(100);
    expect(listQuery.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(listQuery.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(listQuery.safeParse({ withTotal: 'yes' }).success).toBe(false);
  });
});

describe('permissions and roles', () => {
  it('gives every role only known permissions', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const p of ROLE_PERMISSIONS[role]) expect(isPermissionName(p)).toBe(true);
    }
  });

  it('gives the account holder everything and Legal the agreement signing', () => {
    expect([...ROLE_PERMISSIONS.accountHolder].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.legal).toContain('agreement.sign');
    expect(ROLE_PERMISSIONS.operations).not.toContain('cert.manage');
  });

  it('renders the userPermission map with Y and N', () => {
    const map = userPermissionMap(['app.read']);
    expect(map['app.read']).toBe('Y');
    expect(map['app.manage']).toBe('N');
    expect(Object.keys(map)).toHaveLength(PERMISSIONS.length);
  });

  it('maps a kept set once, and another set of the same names on its own', () => {
    const granted = new Set(['app.read', 'team.read'] as const);
    const first = userPermissionMap(granted);
    expect(userPermissionMap(granted)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const other = userPermissionMap(new Set(['app.read'] as const));
    expect(other).not.toBe(first);
    expect(other['team.read']).toBe('N');
  });
});

describe('ret codes', () => {
  it('are unique and map back from their numbers', () => {
    const codes = Object.values(RET_CODES).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(retCodeByNumber(205524998)).toBe('riskControl');
    expect(RET_CODES.riskControl.status).toBe(400);
    expect(retCodeByNumber(42)).toBeUndefined();
  });

  it('say accessToken invalid for an invalid session, as clients match on it', () => {
    expect(RET_CODES.sessionInvalid.en).toContain('accessToken invalid');
    expect(RET_CODES.sessionInvalid.zh).toContain('accessToken invalid');
    expect(RET_CODES.sessionInvalid.status).toBe(401);
  });
});
