import { expect } from 'vitest';
import { buildPath, testingApi, versionApi, type Endpoint } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { openTaskOf, parsedPackage } from '../../../harness/scenarios';

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

/** A call without any session, as the open-test page and devices make them. */
export function anonymous(t: TestApp, e: Endpoint, o: { query?: Record<string, string | number>; body?: object; params?: Record<string, string>; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: e.method,
    url: buildPath(e, o.params),
    ...(o.query ? { query: Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) } : {}),
    ...(o.body ? { payload: o.body } : {}),
    headers: { ...o.headers },
  });
}

export async function group(u: TestUser, name = `Group ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await u.call(testingApi.createGroup, { body: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().group as { groupId: string; name: string; memberCount: number };
}

export async function invitation(u: TestUser, groupId: string, maxAdmissions?: number) {
  const res = await u.call(testingApi.createInvitation, { body: { groupId, ...(maxAdmissions ? { maxAdmissions } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invitation as { invitationId: string; code: string; link: string; state: string; expiresAt: string };
}

/** A draft test version of the app for the groups, its window from now (or as given). */
export async function draftTest(t: TestApp, u: TestUser, appId: string, groupIds: string[], over: Record<string, unknown> = {}, versionCode = 20) {
  const { pkgId, bytes } = await parsedPackage(t, u, appId, versionCode);
  const now = t.clock.now().getTime();
  const res = await u.call(testingApi.openTest, {
    body: { appId, name: 'Beta', pkgId, groupIds, startAt: new Date(now - 1000).toISOString(), endAt: new Date(now + 7 * DAY).toISOString(), ...over },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...(res.json().testVersion as { testVersionId: string; state: string }), pkgId, bytes };
}

export async function decideTest(t: TestApp, u: TestUser, op: TestUser, appId: string, testVersionId: string, decision: 'approve' | 'reject' = 'approve') {
  const sub = await u.call(testingApi.testRelease, { body: { appId, testVersionId, action: 'submit' } });
  expect(sub.statusCode, sub.body).toBe(200);
  const taskId = await openTaskOf(t, testVersionId);
  const res = await op.call(versionApi.submitReview, { body: { taskId, decision, ...(decision === 'reject' ? { reasons: [], comment: 'Crashes' } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return taskId;
}

export async function testState(u: TestUser, appId: string, testVersionId: string): Promise<string> {
  const res = await u.call(testingApi.testVersionList, { body: { appId } });
  return (res.json().items as Array<{ testVersionId: string; state: string }>).find((v) => v.testVersionId === testVersionId)!.state;
}
