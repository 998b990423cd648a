import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { appApi, fileApi, packageApi, teamApi, testingApi, versionApi, type Endpoint } from '@wharf/contract';
import type { TestUser } from '../../../harness';
import { testing } from './builders/testing';
import type { Seed } from './seed';
import type { MatrixCall } from './types';

/**
 * B names its own app, version or group and slips in one id of A (a package, a file, an
 * app, a group, a project): the requests of the matrix's "team B's own resources combined
 * with A's ids", built when the seed exists.
 */
export function mixedIdCases(seed: () => Seed): Array<[string, Endpoint, () => Promise<MatrixCall> | MatrixCall]> {
  const now = () => seed().t.clock.now().getTime();
  const group = async (u: TestUser) => {
    const s = seed();
    const groupId = (await u.call(testingApi.createGroup, { body: { name: `Mixed ${randomUUID().slice(0, 8)}` } })).json().group.groupId as string;
    if (u === s.a.holder) s.secrets.push(groupId);
    return groupId;
  };
  return [
    ["A's package on B's version", versionApi.updateVersion, () => ({ body: { appId: seed().b.app.appId, versionId: seed().b.draftVersionId, pkgId: seed().a.pkgId } })],
    ["A's file as B's listing icon", versionApi.updateVersion, () => ({ body: { appId: seed().b.app.appId, versionId: seed().b.draftVersionId, listings: [{ language: 'enUS', iconObjectId: seed().a.objectId }] } })],
    ["A's file among B's screenshots", versionApi.updateVersion, () => ({ body: { appId: seed().b.app.appId, versionId: seed().b.draftVersionId, listings: [{ language: 'enUS', screenshotObjectIds: [seed().a.objectId] }] } })],
    ["A's file as a package of B's app", packageApi.addPackage, () => ({ body: { appId: seed().b.app2.appId, objectId: seed().a.objectId } })],
    ["A's app in B's series", appApi.setSeries, () => ({ body: { appId: seed().b.app.appId, memberAppIds: [seed().a.app2.appId] } })],
    ["A's team and project as where B's app moves", appApi.moveAppCheck, () => ({ body: { appId: seed().b.app2.appId, targetTeamId: seed().a.teamId, targetProjectId: seed().a.projectId } })],
    ["B's app moved into A's project", appApi.moveApp, () => ({ body: { appId: seed().b.app2.appId, targetTeamId: seed().a.teamId, targetProjectId: seed().a.projectId } })],
    ["A's file as proof of B's package-name claim", packageApi.startClaim, () => ({ body: { appId: seed().b.app2.appId, packageName: seed().a.app.packageName, objectId: seed().a.objectId } })],
    ["A's package in B's test version", testingApi.openTest, async () => ({
      body: { appId: seed().b.app.appId, name: 'Mixed', pkgId: seed().a.pkgId, groupIds: [await group(seed().b.holder)], startAt: new Date(now()).toISOString(), endAt: new Date(now() + 86_400_000).toISOString() },
    })],
    ["A's test-user group in B's test version", testingApi.openTest, async () => ({
      body: { appId: seed().b.app.appId, name: 'Mixed', pkgId: seed().b.pkgId, groupIds: [await group(seed().a.holder)], startAt: new Date(now()).toISOString(), endAt: new Date(now() + 86_400_000).toISOString() },
    })],
    // B's own app, and a package, version or test version of A under it.
    ...(
      [
        [packageApi.getPackage, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.packageState, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.phoneList, (x: Seed) => ({ body: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [packageApi.updatePackage, (x: Seed) => ({ body: { appId: x.b.app.appId, pkgId: x.a.pkgId, remark: 'Mixed' } })],
        [packageApi.deletePackage, (x: Seed) => ({ query: { appId: x.b.app.appId, pkgId: x.a.pkgId } })],
        [versionApi.getVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.historyVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.phasedReleaseHistory, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.onShelfVersionId } })],
        [versionApi.updateVersion, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.draftVersionId, reviewNotes: 'Mixed' } })],
        [versionApi.deleteVersionLanguage, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId, language: 'enUS' } })],
        [versionApi.submitVersion, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
        [versionApi.shelfOff, (x: Seed) => ({ body: { appId: x.b.app.appId, versionId: x.a.onShelfVersionId, reason: 'Mixed' } })],
        [versionApi.deleteVersion, (x: Seed) => ({ query: { appId: x.b.app.appId, versionId: x.a.draftVersionId } })],
      ] as Array<[Endpoint, (x: Seed) => MatrixCall]>
    ).map(([e, req]): [string, Endpoint, () => MatrixCall] => [`A's package or version under B's app (${e.id})`, e, () => req(seed())]),
    [
      "A's test version under B's app",
      testingApi.testRelease,
      async () => ({ body: { appId: seed().b.app.appId, testVersionId: (await testing(seed())).testVersionId, action: 'stop' } }),
    ],
    [
      "an upload of A composed already, composed again by B",
      fileApi.multipartCompose,
      async () => {
        const uploadId = (await seed().a.holder.call(fileApi.multipartInit, { body: { fileName: 'matrix.bin', size: 8 } })).json().uploadId as string;
        await seed().a.holder.call(fileApi.multipartPart, { query: { uploadId, partNumber: 1 }, raw: Buffer.from('01234567') });
        const done = await seed().a.holder.call(fileApi.multipartCompose, { body: { uploadId } });
        expect(done.statusCode, done.body).toBe(200);
        seed().secrets.push(uploadId, done.json().object.objectId);
        return { body: { uploadId } };
      },
    ],
    ["A's project as the filter of B's app list (with its total)", appApi.appList, () => ({ query: { projectId: seed().a.projectId, withTotal: 'true' } })],
    ["A's holder as the actor filter of B's audit log (with its total)", teamApi.auditEventList, () => ({ query: { actorId: seed().a.holder.userId, withTotal: 'true' } })],
    ["A's app in the scope of B's App administrator", teamApi.createSubUser, () => ({ body: { email: `mixed-${randomUUID().slice(0, 8)}@example.com`, roles: ['appAdministrator'], appIds: [seed().a.app.appId] } })],
  ];
}
