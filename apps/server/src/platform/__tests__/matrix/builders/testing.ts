import type { LightMyRequestResponse } from 'fastify';
import { testingApi, versionApi } from '@wharf/contract';
import type { TestUser } from '../../../../harness';
import { openTaskOf, parsedPackage } from '../../../../harness/scenarios';
import type { Seed } from '../seed';
import type { Builders } from '../types';

const DAY = 86_400_000;
const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 8)}`;

async function ok(res: LightMyRequestResponse, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.body}`);
  return res.json();
}

export interface Testing {
  groupId: string;
  /** The app of the test version (never on shelf). */
  packageName: string;
  testVersionId: string;
  code: string;
  testerToken: string;
}

/** Per seed: a group of each team with a look-alike name; A's with a tester, an invitation and a test version being tested. */
const made = new WeakMap<Seed, Promise<Testing>>();
const ready = new WeakMap<Seed, Testing>();

async function group(u: TestUser, name = `Matrix testers ${tag()}`): Promise<string> {
  return (await ok(await u.call(testingApi.createGroup, { body: { name } }), 'group')).group.groupId;
}

/** A draft test version of a fresh app of A for the group, open from now for a week. */
async function draftTest(s: Seed, groupId: string): Promise<{ appId: string; testVersionId: string; packageName: string }> {
  const { appId, packageName } = await s.fresh.app();
  const { pkgId } = await parsedPackage(s.t, s.a.holder, appId, 20);
  const now = s.t.clock.now().getTime();
  const tv = await ok(
    await s.a.holder.call(testingApi.openTest, { body: { appId, name: 'Matrix beta', pkgId, groupIds: [groupId], startAt: new Date(now - 1000).toISOString(), endAt: new Date(now + 7 * DAY).toISOString() } }),
    'test version',
  );
  return { appId, testVersionId: tv.testVersion.testVersionId, packageName };
}

/** A's open test, made once per seed (the open-testing builders share it). */
export function testing(s: Seed): Promise<Testing> {
  if (!made.has(s)) {
    made.set(
      s,
      (async () => {
        await group(s.b.holder, 'Matrix testers');
        const groupId = await group(s.a.holder, 'Matrix testers');
        await ok(await s.a.holder.call(testingApi.addMembers, { body: { groupId, emails: [`tester-${s.marker.toLowerCase()}@example.com`] } }), 'tester');
        const { appId, testVersionId, packageName } = await draftTest(s, groupId);
        await ok(await s.a.holder.call(testingApi.testRelease, { body: { appId, testVersionId, action: 'submit' } }), 'submit test');
        await s.op.login();
        await ok(await s.op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(s.t, testVersionId), decision: 'approve' } }), 'approve test');
        const code = (await ok(await s.a.holder.call(testingApi.createInvitation, { body: { groupId } }), 'invitation')).invitation.code as string;
        const joined = await s.t.app.inject({ method: 'POST', url: testingApi.openTestJoin.fullPath, payload: { code }, remoteAddress: '10.9.0.1' });
        const testerToken = (await ok(joined, 'join')).testerToken as string;
        s.secrets.push(groupId, testVersionId, code, testerToken);
        ready.set(s, { groupId, packageName, testVersionId, code, testerToken });
        return ready.get(s)!;
      })(),
    );
  }
  return made.get(s)!;
}

async function freshTester(s: Seed, groupId: string): Promise<string> {
  const email = `matrix-${tag()}@example.com`;
  await ok(await s.a.holder.call(testingApi.addMembers, { body: { groupId, emails: [email] } }), 'fresh tester');
  const items = (await ok(await s.a.holder.call(testingApi.memberList, { query: { groupId, pageSize: 100 } }), 'testers')).items as Array<{ testerId: string; email: string }>;
  return items.find((x) => x.email === email)!.testerId;
}

const TESTERS_SEE = "the test versions an invitation code leads to are shown to whoever holds the code";

/** Open testing: test-user groups, testers, invitation codes, test versions and their downloads. */
export function testingBuilders(): Builders {
  return {
    'testing.createGroup': { build: () => ({ body: { name: `Matrix testers ${tag()}` } }) },
    'testing.renameGroup': { build: async (s) => ({ body: { groupId: await group(s.a.holder), name: `Matrix renamed ${tag()}` } }) },
    'testing.deleteGroup': { build: async (s) => ({ query: { groupId: await group(s.a.holder) } }) },
    'testing.groupList': { build: () => ({ query: { withTotal: 'true', pageSize: 100 } }) },
    'testing.groupCheck': { build: () => ({ query: { name: 'Matrix testers' } }) },
    'testing.addMembers': { build: async (s) => ({ body: { groupId: (await testing(s)).groupId, emails: [`matrix-${tag()}@example.com`] } }) },
    'testing.removeMember': {
      build: async (s) => {
        const { groupId } = await testing(s);
        return { query: { groupId, testerId: await freshTester(s, groupId) } };
      },
    },
    'testing.memberList': { build: async (s) => ({ query: { groupId: (await testing(s)).groupId, withTotal: 'true', pageSize: 100 } }) },
    'testing.importMembers': { build: async (s) => ({ body: { groupId: (await testing(s)).groupId, csv: `email,name\nmatrix-${tag()}@example.com,Matrix\n` } }) },
    'testing.createInvitation': { build: async (s) => ({ body: { groupId: (await testing(s)).groupId } }) },
    'testing.invitationList': { build: async (s) => ({ query: { groupId: (await testing(s)).groupId } }) },
    'testing.expireInvitation': {
      build: async (s) => {
        const { groupId } = await testing(s);
        return { body: { invitationId: (await ok(await s.a.holder.call(testingApi.createInvitation, { body: { groupId } }), 'fresh invitation')).invitation.invitationId } };
      },
    },
    'testing.emailInvitation': { build: async (s) => ({ body: { groupId: (await testing(s)).groupId, emails: [`matrix-${tag()}@example.com`] } }) },
    'testing.openTest': {
      build: async (s) => {
        const { groupId } = await testing(s);
        const { appId } = await s.fresh.app();
        const { pkgId } = await parsedPackage(s.t, s.a.holder, appId, 20);
        const now = s.t.clock.now().getTime();
        return { body: { appId, name: 'Matrix beta', pkgId, groupIds: [groupId], startAt: new Date(now).toISOString(), endAt: new Date(now + 7 * DAY).toISOString() } };
      },
    },
    'testing.testRelease': {
      build: async (s) => {
        const { appId, testVersionId } = await draftTest(s, (await testing(s)).groupId);
        return { body: { appId, testVersionId, action: 'submit' } };
      },
    },
    'testing.testVersionList': { build: (s) => ({ body: { appId: s.a.app.appId } }) },
    'testing.openTestInvitation': {
      build: async (s) => ({ query: { code: (await testing(s)).code } }),
      reveals: (s) => ({ values: [ready.get(s)!.testVersionId, ready.get(s)!.code], why: TESTERS_SEE }),
    },
    'testing.openTestJoin': {
      build: async (s) => ({ body: { code: (await testing(s)).code } }),
      reveals: (s) => ({ values: [ready.get(s)!.testVersionId, ready.get(s)!.code], why: TESTERS_SEE }),
    },
    'testing.testDownload': {
      build: async (s) => {
        const { testVersionId, testerToken } = await testing(s);
        return { params: { testVersionId }, query: { testerToken, deviceId: 'matrix-device' } };
      },
      reveals: (s) => ({ values: [ready.get(s)!.testVersionId], why: 'the package of a test version, for its tester' }),
    },
  };
}
