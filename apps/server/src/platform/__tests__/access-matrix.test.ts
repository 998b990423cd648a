import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, BUILT_IN_ROLES, ROLE_PERMISSIONS, buildPath, parseAccess, type Endpoint } from '@wharf/contract';
import { createTestApp, TestUser, type TestApp } from '../../testing';
import { teamWithMember } from '../../families/accounts/__tests__/helpers';

/**
 * Generated from the contract: every call that needs more than anonymous access is
 * refused, with the right status and ret.code, to each caller who lacks something.
 * (A refused call never reaches its handler: the access check runs before the body.)
 */
let t: TestApp;
let holder: TestUser;
let stranger: TestUser;
let expired: TestUser;
const roleMembers = new Map<string, TestUser>();

const guarded = ALL_ENDPOINTS.filter((e) => !['anonymous', 'device'].includes(parseAccess(e.access).kind));
const teamLevel = guarded.filter((e) => ['team', 'app'].includes(parseAccess(e.access).kind));
const unsafe = guarded.filter((e) => e.method !== 'GET');

function url(e: Endpoint): string {
  const params = Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()]));
  return buildPath(e, params);
}

beforeAll(async () => {
  t = await createTestApp();
  holder = await TestUser.register(t);
  stranger = await TestUser.register(t);
  const expiresAt = new Date(t.clock.now().getTime() + 60_000).toISOString();
  ({ member: expired } = await teamWithMember(t, ['administrator'], { expiresAt }));
  for (const role of BUILT_IN_ROLES.filter((r) => r !== 'accountHolder' && r !== 'legal')) {
    const extra = role === 'appAdministrator' ? { appIds: ['app-1'] } : {};
    const { member } = await teamWithMember(t, [role], extra);
    roleMembers.set(role, member);
  }
  t.clock.advance(60_000);
}, 120_000);
afterAll(() => t.close());

describe('access matrix', () => {
  it('covers every guarded call of the contract', () => {
    expect(guarded.length).toBeGreaterThan(10);
    console.log(`access matrix: ${guarded.length} guarded calls, ${teamLevel.length} team-scoped, ${unsafe.length} state-changing`);
  });

  it.each(guarded.map((e) => [e.id, e] as const))('%s refuses a caller without a session (401)', async (_id, e) => {
    const res = await t.app.inject({ method: e.method, url: url(e), payload: e.method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().ret.code).toBe(100401);
  });

  it.each(unsafe.map((e) => [e.id, e] as const))('%s refuses a missing CSRF header (403)', async (_id, e) => {
    const res = await holder.call(e, { csrf: null, params: Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()])), body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().ret.code).toBe(100402);
  });

  it.each(teamLevel.map((e) => [e.id, e] as const))('%s refuses another team, no team and an expired membership', async (_id, e) => {
    const params = Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()]));
    const body = e.method === 'GET' ? undefined : {};
    const other = await stranger.call(e, { teamId: holder.teamId, params, body });
    expect([other.statusCode, other.json().ret.code]).toEqual([403, 100408]);
    const none = await holder.call(e, { teamId: null, params, body });
    expect([none.statusCode, none.json().ret.code]).toEqual([403, 100407]);
    const late = await expired.call(e, { params, body });
    expect([late.statusCode, late.json().ret.code]).toEqual([403, 100408]);
  });

  const roleCases = teamLevel.flatMap((e) => {
    const needed = parseAccess(e.access).requirement!;
    return [...roleMembers.keys()]
      .filter((role) => !(ROLE_PERMISSIONS[role as keyof typeof ROLE_PERMISSIONS] as readonly string[]).includes(needed) && needed !== 'team.read')
      .map((role) => [e.id, role, e] as const);
  });

  it.each(roleCases)('%s refuses the %s role, which lacks its permission (403)', async (_id, role, e) => {
    const member = roleMembers.get(role)!;
    const params = Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()]));
    const res = await member.call(e, { params, body: e.method === 'GET' ? undefined : {} });
    expect([res.statusCode, res.json().ret.code]).toEqual([403, 100403]);
  });

  it.each(guarded.filter((e) => parseAccess(e.access).kind === 'operator').map((e) => [e.id, e] as const))('%s refuses a developer who is not an operator', async (_id, e) => {
    const params = Object.fromEntries([...e.fullPath.matchAll(/:(\w+)/g)].map((m) => [m[1]!, randomUUID()]));
    const res = await holder.call(e, { params, body: e.method === 'GET' ? undefined : {} });
    expect([res.statusCode, res.json().ret.code]).toEqual([403, 100403]);
  });
});
