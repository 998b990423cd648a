import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appApi, buildPath, HEADERS, teamApi, versionApi } from '@wharf/contract';
import { RELEASE_STATE } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, completeVersion, newApp, openTaskOf, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const events = async (versionId: string) =>
  ((await t.deps.database.executeSql(`select action from version_events where version_id = $1 order by seq`, [versionId])).rows as Array<{ action: string }>).map((r) => r.action);

describe("the distribution family's paths to the version calls", () => {
  it('audit submit, urge and cancel move the version as the version calls do, with the same history', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const { versionId } = await completeVersion(t, u, app.appId);
    const ref = { appId: app.appId, versionId };
    const submitted = await u.call(versionApi.auditSubmit, { body: ref });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().version.releaseState).toBe(RELEASE_STATE.underReview);
    expect((await u.call(versionApi.auditUrge, { body: ref })).json().version.urgedAt).toBe(t.clock.now().toISOString());
    // Urging twice a day is refused on either path.
    expect((await u.call(versionApi.urgeAudit, { body: ref })).statusCode).toBe(429);
    const cancelled = await u.call(versionApi.auditCancel, { body: ref });
    expect(cancelled.json().version.releaseState).toBe(RELEASE_STATE.draft);
    expect(await events(versionId)).toEqual(['create', 'edit', 'submit', 'urge', 'cancelOnShelf']);
    // A refusal names the state the same way.
    const again = await u.call(versionApi.auditCancel, { body: ref });
    expect(again.statusCode).toBe(409);
    expect(again.json().ret.msg).toContain('releaseState 7');
  });

  it('version lists and history versions (v1 and v2) answer what the version calls answer', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    await released(t, u, op, app.appId, 10);
    await completeVersion(t, u, app.appId, 11);
    const q = { query: { appId: app.appId, pageSize: 10, withTotal: 'true' } };
    const list = (await u.call(versionApi.versionList, q)).json();
    expect(list.total).toBe(2);
    expect((await u.call(versionApi.distributionVersionList, q)).json()).toEqual(list);
    expect((await u.call(versionApi.distributionVersionListV2, q)).json()).toEqual(list);
    const history = (await u.call(versionApi.historyVersionList, q)).json();
    expect(history.total).toBe(1);
    expect((await u.call(versionApi.distributionHistoryVersions, q)).json()).toEqual(history);
    expect((await u.call(versionApi.distributionHistoryVersionsV2, q)).json()).toEqual(history);
  });

  it('shelf-off, rollback and the phased-release change keep their rules on the second path', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const v = await released(t, u, op, app.appId, 10);
    const ref = { appId: app.appId, versionId: v.versionId };
    // One version on shelf: nothing to roll back to.
    expect((await u.call(versionApi.distributionRollback, { body: { ...ref, reason: 'Crashes' } })).statusCode).toBe(409);
    expect((await u.call(versionApi.distributionPhasedRelease, { body: { ...ref, state: 'SUSPEND' } })).statusCode).toBe(409);
    const off = await u.call(versionApi.distributionShelfOff, { body: { ...ref, reason: 'Retired' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().version.releaseState).toBe(RELEASE_STATE.shelfOffRequested);
  });
});

describe('the app at a glance', () => {
  it('says what devices get, what is being prepared and the downloads of the last 30 days', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const glance = async () => (await u.call(versionApi.distributionApp, { query: { appId: app.appId } })).json();
    expect(await glance()).toMatchObject({ appId: app.appId, listed: false, everOnShelf: false, onShelf: null, preparing: null, downloads: { total: 0 } });
    const developStatus = async () => (await u.call(appApi.getApp, { query: { appId: app.appId } })).json().app.developStatus;
    expect(await developStatus()).toBe('developing');

    const v = await released(t, u, op, app.appId, 10);
    // Its first release moves the app's development status to released.
    expect(await developStatus()).toBe('released');
    for (let i = 0; i < 3; i += 1) expect((await t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId: v.versionId }) })).statusCode).toBe(200);
    const { versionId: draft } = await completeVersion(t, u, app.appId, 11);
    const now = await glance();
    expect(now).toMatchObject({
      listed: true,
      everOnShelf: true,
      onShelf: { versionId: v.versionId, versionCode: 10, versionName: '1.0.10', noPackage: false, releaseType: 'full', phase: null, rollbackPending: false },
      preparing: { versionId: draft, releaseState: RELEASE_STATE.draft, stateName: 'draft', versionCode: 11 },
      downloads: { to: t.clock.now().toISOString().slice(0, 10), total: 3 },
    });
    // Downloads older than 30 days drop out of the sum.
    t.clock.advance(31 * 86_400_000);
    await u.login();
    expect((await glance()).downloads.total).toBe(0);
    expect((await u.call(versionApi.distributionApp, { query: { appId: app.appId }, headers: { [HEADERS.language]: 'zh' } })).json().preparing.stateName).toBe('草稿');
  });
});

describe('the alliance feed', () => {
  const feed = (query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: versionApi.allianceApps.fullPath, query });
  async function everything(pageSize: string) {
    const items: Array<{ appId: string; versionId: string; versionCode: number; sha256: string; downloadUrl: string; changedAt: string }> = [];
    let cursor: string | undefined;
    do {
      const res = await feed({ pageSize, ...(cursor ? { cursor } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      items.push(...res.json().items);
      cursor = res.json().nextCursor ?? undefined;
    } while (cursor);
    return items;
  }

  it('lists, without a session, the apps in the store with what every device gets, oldest release first, page by page', async () => {
    const u = await TestUser.register(t);
    const first = await newApp(u);
    const v1 = await released(t, u, op, first.appId, 10);
    t.clock.advance(60_000);
    const second = await newApp(u);
    const v2 = await released(t, u, op, second.appId, 20);
    t.clock.advance(60_000);
    // Taken off the store: not in the feed.
    const gone = await newApp(u);
    const g = await released(t, u, op, gone.appId, 30);
    expect((await u.call(versionApi.shelfOff, { body: { appId: gone.appId, versionId: g.versionId, reason: 'Retired' } })).statusCode).toBe(200);
    expect((await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, g.versionId), decision: 'approve' } })).statusCode).toBe(200);
    // A draft is nobody's business.
    const drafting = await newApp(u);
    await completeVersion(t, u, drafting.appId, 40);

    const mine = (await everything('1')).filter((i) => [first.appId, second.appId, gone.appId, drafting.appId].includes(i.appId));
    expect(mine.map((i) => [i.appId, i.versionId, i.versionCode])).toEqual([
      [first.appId, v1.versionId, 10],
      [second.appId, v2.versionId, 20],
    ]);
    const pkgSha = (await t.deps.database.executeSql(`select p.sha256 from packages p join app_versions v on v.package_id = p.id where v.id = $1`, [v1.versionId])).rows[0] as { sha256: string };
    expect(mine[0]).toMatchObject({ sha256: pkgSha.sha256, downloadUrl: buildPath(versionApi.download, { versionId: v1.versionId }), name: 'Tipsy', language: 'enUS' });
    expect(Date.parse(mine[0]!.changedAt)).toBeLessThan(Date.parse(mine[1]!.changedAt));
    // The same with bigger pages.
    expect((await everything('100')).filter((i) => [first.appId, second.appId].includes(i.appId)).map((i) => i.versionId)).toEqual([v1.versionId, v2.versionId]);
    expect((await feed({ cursor: 'not a cursor' })).statusCode).toBe(400);
    expect((await feed({ pageSize: '101' })).statusCode).toBe(400);
  });
});

describe("the team's distribution service", () => {
  it('says whether the team may publish and where its apps stand; an App administrator counts their apps only', async () => {
    const { holder, member } = await teamWithMember(t, ['development']);
    const summary = async (u: TestUser) => (await u.call(versionApi.distributionService)).json();
    expect(await summary(holder)).toEqual({
      ret: { code: 0, msg: 'success' },
      canPublish: false,
      missingAgreements: ['distribution'],
      apps: { total: 0, inStore: 0, inReview: 0, rejected: 0, drafting: 0, waiting: 0, removed: 0 },
    });
    const live = await newApp(holder);
    await released(t, holder, op, live.appId, 10);
    await completeVersion(t, holder, live.appId, 11);
    const reviewing = await newApp(holder);
    const r = await completeVersion(t, holder, reviewing.appId);
    expect((await holder.call(versionApi.submitVersion, { body: { appId: reviewing.appId, versionId: r.versionId } })).statusCode).toBe(200);
    const drafting = await newApp(holder);
    await completeVersion(t, holder, drafting.appId);
    await newApp(holder);
    expect(await summary(holder)).toMatchObject({ canPublish: true, missingAgreements: [], apps: { total: 4, inStore: 1, inReview: 1, rejected: 0, drafting: 2, waiting: 0, removed: 0 } });

    await holder.call(teamApi.updateMember, { params: { userId: member.userId }, body: { roles: ['appAdministrator'], appIds: [live.appId] } });
    expect((await summary(member)).apps).toEqual({ total: 1, inStore: 1, inReview: 0, rejected: 0, drafting: 1, waiting: 0, removed: 0 });
    // Another team sees only its own.
    const other = await TestUser.register(t);
    expect((await summary(other)).apps.total).toBe(0);
  });
});
