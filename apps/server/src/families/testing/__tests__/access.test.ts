import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccess, testingApi, type Endpoint } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, newApp } from '../../../harness/scenarios';
import { draftTest, group, invitation } from './helpers';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let support: TestUser;
let ref: { appId: string; groupId: string; testVersionId: string; invitationId: string; testerId: string };

beforeAll(async () => {
  ({ t } = await appWithOperator());
  const team = await teamWithMember(t, ['customerService']);
  owner = team.holder;
  support = team.member;
  stranger = await TestUser.register(t);
  const { appId } = await newApp(owner, { name: 'Hidden Beta App' });
  const g = await group(owner, 'Secret testers');
  await owner.call(testingApi.addMembers, { body: { groupId: g.groupId, emails: ['x@example.com'] } });
  const testerId = (await owner.call(testingApi.memberList, { query: { groupId: g.groupId } })).json().items[0].testerId as string;
  const tv = await draftTest(t, owner, appId, [g.groupId]);
  const inv = await invitation(owner, g.groupId);
  ref = { appId, groupId: g.groupId, testVersionId: tv.testVersionId, invitationId: inv.invitationId, testerId };
});
afterAll(() => t.close());

/** A valid call of each endpoint on the owner's team: only the caller differs. */
function input(e: Endpoint) {
  const v: Record<string, Record<string, unknown>> = {
    'testing.createGroup': { name: 'Another' },
    'testing.renameGroup': { groupId: ref.groupId, name: 'Renamed' },
    'testing.deleteGroup': { groupId: ref.groupId },
    'testing.groupList': {},
    'testing.addMembers': { groupId: ref.groupId, emails: ['y@example.com'] },
    'testing.removeMember': { groupId: ref.groupId, testerId: ref.testerId },
    'testing.memberList': { groupId: ref.groupId },
    'testing.importMembers': { groupId: ref.groupId, csv: 'z@example.com' },
    'testing.createInvitation': { groupId: ref.groupId },
    'testing.invitationList': { groupId: ref.groupId },
    'testing.expireInvitation': { invitationId: ref.invitationId },
    'testing.emailInvitation': { groupId: ref.groupId, emails: ['w@example.com'] },
    'testing.groupCheck': { name: 'Secret testers' },
    'testing.openTest': { appId: ref.appId, testVersionId: ref.testVersionId, name: 'x' },
    'testing.testRelease': { appId: ref.appId, testVersionId: ref.testVersionId, action: 'submit' },
    'testing.testVersionList': { appId: ref.appId },
  };
  const values = v[e.id];
  if (!values) throw new Error(`no input for ${e.id}`);
  return e.method === 'GET' || e.method === 'DELETE' ? { query: values as Record<string, string> } : { body: values };
}

const isEndpoint = (x: unknown): x is Endpoint => typeof x === 'object' && x !== null && 'fullPath' in x && 'access' in x;
const guarded = (Object.values(testingApi) as unknown[]).filter(isEndpoint).filter((e) => ['team', 'app'].includes(parseAccess(e.access).kind));
// Calls that name nothing of the team (create, list, check) answer the caller's own team.
const OWN_TEAM = new Set(['testing.createGroup', 'testing.groupList', 'testing.groupCheck']);

describe('authorisation of the testing calls', () => {
  it('covers every team- and app-level call', () => {
    expect(guarded.map((e) => e.id).sort()).toHaveLength(16);
  });

  it.each(guarded.filter((e) => !OWN_TEAM.has(e.id)).map((e) => [e.id, e] as const))('%s answers 404 for another team and says nothing about it', async (_id, e) => {
    const res = await stranger.call(e, input(e));
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain('Secret testers');
    expect(res.body).not.toContain('Hidden Beta App');
  });

  it.each(guarded.map((e) => [e.id, e] as const))('%s answers 403 to a member without test.manage', async (_id, e) => {
    const res = await support.call(e, input(e));
    expect(res.statusCode, res.body).toBe(403);
  });

  it('answers another team its own, empty, lists', async () => {
    expect((await stranger.call(testingApi.groupList)).json().items).toEqual([]);
    expect((await stranger.call(testingApi.groupCheck, { query: { name: 'Secret testers' } })).json().available).toBe(true);
  });
});
