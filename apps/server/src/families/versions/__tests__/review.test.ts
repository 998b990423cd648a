import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appApi, operatorApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, released, stateOf } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

async function submitted(u: TestUser, versionCode = 10) {
  const { appId } = await newApp(u);
  const v = await completeVersion(t, u, appId, versionCode);
  expect((await u.call(versionApi.submitVersion, { body: { appId, versionId: v.versionId } })).statusCode).toBe(200);
  return { appId, versionId: v.versionId, taskId: await openTaskOf(t, v.versionId) };
}

describe('the review queue', () => {
  it('lists open tasks oldest first with urged ones flagged, and only to operators', async () => {
    const u = await TestUser.register(t);
    const a = await submitted(u);
    t.clock.advance(1000);
    const b = await submitted(u);
    await u.call(versionApi.urgeAudit, { body: { appId: b.appId, versionId: b.versionId } });
    const all: Array<{ taskId: string; urged: boolean; kind: string; appName: string }> = [];
    let cursor: string | undefined;
    do {
      const page = (await op.call(versionApi.reviewTaskQueue, { body: { pageSize: 2, ...(cursor ? { cursor } : {}) } })).json();
      all.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const mine = all.filter((x) => [a.taskId, b.taskId].includes(x.taskId));
    expect(mine.map((x) => [x.taskId, x.urged, x.kind])).toEqual([[a.taskId, false, 'release'], [b.taskId, true, 'release']]);
    expect(mine[0]!.appName).toMatch(/^Ver /);
    expect((await u.call(versionApi.reviewTaskQueue, { body: {} })).statusCode).toBe(403);
    expect((await op.call(versionApi.reviewTaskQueue, { body: { state: 'maybe' } })).statusCode).toBe(400);
  });

  it('shows a task with the listing, the package facts and the on-shelf version to compare', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId, 10);
    const v2 = await completeVersion(t, u, appId, 11);
    await t.deps.database.executeSql(`update packages set permissions = '{android.permission.CAMERA}', certificates = '{bb}' where id = $1`, [v2.pkgId]);
    await t.deps.database.executeSql(`update packages set certificates = '{aa}' where id = $1`, [v1.pkgId]);
    await u.call(versionApi.updateVersion, { body: { appId, versionId: v2.versionId, countries: ['CN', 'FR'], listings: [{ language: 'ruRU', name: 'Типси' }] } });
    await u.call(versionApi.submitVersion, { body: { appId, versionId: v2.versionId } }).then((r) => expect(r.statusCode, r.body).toBe(409));
    await u.call(versionApi.deleteVersionLanguage, { query: { appId, versionId: v2.versionId, language: 'ruRU' } });
    await u.call(versionApi.submitVersion, { body: { appId, versionId: v2.versionId } });
    const detail = (await op.call(versionApi.reviewTaskDetail, { query: { taskId: await openTaskOf(t, v2.versionId) } })).json();
    expect(detail.task).toMatchObject({ kind: 'update', state: 'open', versionCode: 11 });
    expect(detail.version.listings[0]).toMatchObject({ language: 'enUS', name: 'Tipsy' });
    expect(detail.onShelf.versionId).toBe(v1.versionId);
    expect(detail.package).toMatchObject({ size: 4096, fileName: 'v11.apk' });
    // A full release: no phased share to show.
    expect(detail.phasedRelease).toBeNull();
    // The reviewer downloads the package and sees the images of both versions through signed addresses.
    const fetched = await t.app.inject({ method: 'GET', url: detail.package.downloadUrl });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(v2.bytes)).toBe(true);
    const shownIds = [detail.version, detail.onShelf].flatMap((v: { listings: Array<{ iconObjectId: string; screenshotObjectIds: string[] }> }) => v.listings.flatMap((l) => [l.iconObjectId, ...l.screenshotObjectIds]));
    expect(Object.keys(detail.media).sort()).toEqual([...new Set(shownIds)].sort());
    const icon = await t.app.inject({ method: 'GET', url: detail.media[detail.version.listings[0].iconObjectId] });
    expect([icon.statusCode, icon.headers['content-type']]).toEqual([200, 'image/png']);
    expect(detail.completeness.complete).toBe(true);
    // v2 was drafted from v1 with new media: the listing's icon and screenshots changed.
    expect(detail.diff).toEqual({
      versionCode: { from: 10, to: 11 },
      countries: { added: ['FR'], removed: ['DE'] },
      listings: [{ language: 'enUS', change: 'changed', fields: ['iconObjectId', 'screenshotObjectIds'] }],
      permissions: { added: ['android.permission.CAMERA'], removed: [] },
      signerChanged: true,
    });
    // Approved, v2 is the one on shelf: the decided task still compares it with v1, which it replaced.
    const taskId = await openTaskOf(t, v2.versionId);
    expect((await op.call(versionApi.submitReview, { body: { taskId, decision: 'approve' } })).statusCode).toBe(200);
    const decided = (await op.call(versionApi.reviewTaskDetail, { query: { taskId } })).json();
    expect(decided.task.state).toBe('approved');
    expect(decided.onShelf.versionId).toBe(v1.versionId);
    expect(decided.diff.versionCode).toEqual({ from: 10, to: 11 });
    const unknown = await op.call(versionApi.reviewTaskDetail, { query: { taskId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.statusCode).toBe(404);
    // An app deleted while its first release was in review: the task answers 404, not 500.
    const gone = await newApp(u);
    const gv = await completeVersion(t, u, gone.appId, 10);
    await u.call(versionApi.submitVersion, { body: { appId: gone.appId, versionId: gv.versionId } });
    const goneTask = await openTaskOf(t, gv.versionId);
    expect((await u.call(appApi.deleteApp, { query: { appId: gone.appId } })).statusCode).toBe(200);
    // Its versions went with it and its task left the queue.
    const { rows } = await t.deps.database.executeSql(`select (select count(*)::int from app_versions where app_id = $1) as versions, (select state from review_tasks where id = $2) as task`, [gone.appId, goneTask]);
    expect(rows[0]).toEqual({ versions: 0, task: 'withdrawn' });
    expect((await op.call(versionApi.reviewTaskDetail, { query: { taskId: goneTask } })).statusCode).toBe(404);
    expect((await op.call(versionApi.submitReview, { body: { taskId: goneTask, decision: 'approve' } })).statusCode).toBe(404);
  });

  it('lets a granted reviewer decide, and nobody without the role', async () => {
    const reviewer = await TestUser.register(t);
    await op.call(operatorApi.grantOperatorRole, { body: { email: reviewer.email, role: 'reviewer' } });
    const u = await TestUser.register(t);
    const s = await submitted(u);
    expect((await u.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'approve' } })).statusCode).toBe(403);
    const ok = await reviewer.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'approve' } });
    expect(ok.json().task).toMatchObject({ state: 'approved', reviewerId: reviewer.userId });
    expect(await stateOf(u, s.appId, s.versionId)).toBe(0);
    const twice = await reviewer.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'reject', reasons: ['other'] } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().ret.msg).toBe('The review task is already approved');
  });
});

describe('decisions', () => {
  it('rejects with reasons the developer sees; the fixed version is resubmitted and approved', async () => {
    const u = await TestUser.register(t);
    const s = await submitted(u);
    const bad = await op.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'reject' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().ret.msg).toContain('reasons');
    expect((await op.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'reject', reasons: ['nope'] } })).statusCode).toBe(400);
    const rejected = await op.call(versionApi.submitReview, { body: { taskId: s.taskId, decision: 'reject', reasons: ['weakBrief', 'privacyPolicy'], comment: 'Describe what it does' } });
    expect(rejected.json().task).toMatchObject({ state: 'rejected', reasons: ['weakBrief', 'privacyPolicy'], comment: 'Describe what it does' });
    const seen = (await u.call(versionApi.getVersion, { query: { appId: s.appId, versionId: s.versionId } })).json().version;
    expect(seen).toMatchObject({ releaseState: 1, rejection: { reasons: ['weakBrief', 'privacyPolicy'], comment: 'Describe what it does' } });
    expect((await u.call(versionApi.updateVersion, { body: { appId: s.appId, versionId: s.versionId, listings: [{ language: 'enUS', brief: 'Better tips' }] } })).json().version.releaseState).toBe(7);
    await u.call(versionApi.submitVersion, { body: { appId: s.appId, versionId: s.versionId } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, s.versionId), decision: 'approve' } });
    expect((await u.call(versionApi.getVersion, { query: { appId: s.appId, versionId: s.versionId } })).json().version).toMatchObject({ releaseState: 0, rejection: null });
  });

  it('rejects an update into 8 and approves a shelf-off into 10, taking the app off the store', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId, 10);
    const v2 = await completeVersion(t, u, appId, 11);
    await u.call(versionApi.submitVersion, { body: { appId, versionId: v2.versionId } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'reject', reasons: ['crashes'] } });
    expect(await stateOf(u, appId, v2.versionId)).toBe(8);
    await u.call(versionApi.shelfOff, { body: { appId, versionId: v1.versionId, reason: 'Retiring' } });
    const refusedOff = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v1.versionId), decision: 'reject', comment: 'Users still need it' } });
    expect(refusedOff.statusCode).toBe(200);
    expect(await stateOf(u, appId, v1.versionId)).toBe(0);
    const events = (await u.call(versionApi.historyVersion, { query: { appId, versionId: v1.versionId } })).json().events;
    expect(events.at(-1)).toMatchObject({ action: 'rejectShelfOff', fromState: 6, toState: 0, actorKind: 'operator', data: expect.objectContaining({ via: 9 }) });
    await u.call(versionApi.shelfOff, { body: { appId, versionId: v1.versionId, reason: 'Retiring' } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v1.versionId), decision: 'approve' } });
    const off = (await u.call(versionApi.getVersion, { query: { appId, versionId: v1.versionId } })).json().version;
    expect(off).toMatchObject({ releaseState: 10, superseded: true });
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version).toBeNull();
    const { rows } = await t.deps.database.executeSql('select listed, ever_on_shelf from apps where id = $1', [appId]);
    expect(rows[0]).toEqual({ listed: false, ever_on_shelf: true });
  });

  it('approves a rollback: the previous version is on shelf again, the rolled-back one is history', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const v1 = await released(t, u, op, appId, 10);
    const v2 = await released(t, u, op, appId, 11);
    await u.call(versionApi.rollback, { body: { appId, versionId: v2.versionId, reason: 'Crashes on start' } });
    const asked = (await op.call(versionApi.reviewTaskDetail, { query: { taskId: await openTaskOf(t, v2.versionId) } })).json();
    const task = asked.task;
    expect(task).toMatchObject({ kind: 'rollback', reason: 'Crashes on start' });
    // The version asked about is the one on shelf, not a first release.
    expect(asked.onShelf.versionId).toBe(v2.versionId);
    expect(asked.diff).toBeNull();
    await op.call(versionApi.submitReview, { body: { taskId: task.taskId, decision: 'approve' } });
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version.versionId).toBe(v1.versionId);
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId: v2.versionId } })).json().version).toMatchObject({ releaseState: 10, superseded: true, rollbackPending: false });
    const restored = (await u.call(versionApi.historyVersion, { query: { appId, versionId: v1.versionId } })).json().events.at(-1);
    expect(restored).toMatchObject({ action: 'restoredByRollback', data: { from: v2.versionId } });
    // One step at a time: nothing before v1 to roll back to.
    expect((await u.call(versionApi.rollback, { body: { appId, versionId: v1.versionId, reason: 'again' } })).statusCode).toBe(409);
  });

  it('rejects a rollback request: the version stays on shelf without the pending flag', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    await released(t, u, op, appId, 10);
    const v2 = await released(t, u, op, appId, 11);
    await u.call(versionApi.rollback, { body: { appId, versionId: v2.versionId, reason: 'Crashes' } });
    await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, v2.versionId), decision: 'reject', reasons: ['other'] } });
    expect((await u.call(versionApi.lastOnShelf, { query: { appId } })).json().version).toMatchObject({ versionId: v2.versionId, rollbackPending: false });
  });
});

describe('an app deleted in review', () => {
  it('withdraws its open task and takes its versions, listings and phased releases with it', async () => {
    const u = await TestUser.register(t);
    const a = await submitted(u);
    const count = async (table: string, column: string) => {
      const { rows } = await t.deps.database.executeSql(`select count(*)::int as n from ${table} where ${column} = $1`, [a.versionId]);
      return (rows[0] as { n: number }).n;
    };
    expect(await count('version_listings', 'version_id')).toBe(1);
    expect((await u.call(appApi.deleteApp, { query: { appId: a.appId } })).statusCode).toBe(200);
    const task = (await t.deps.database.executeSql(`select state, decided_at from review_tasks where id = $1`, [a.taskId])).rows[0] as { state: string; decided_at: unknown };
    expect(task.state).toBe('withdrawn');
    expect(task.decided_at).not.toBeNull();
    for (const [table, column] of [['app_versions', 'id'], ['version_listings', 'version_id'], ['version_expansion_files', 'version_id'], ['phased_releases', 'version_id']] as const) expect(await count(table, column)).toBe(0);
    expect((await op.call(versionApi.reviewTaskQueue, { body: {} })).json().items.map((x: { taskId: string }) => x.taskId)).not.toContain(a.taskId);
  });
});

describe('AUTO_APPROVE', () => {
  it('approves a submission at once, as the system, for single-organisation deployments', async () => {
    const { t: auto } = await appWithOperator({ AUTO_APPROVE: 'on' });
    try {
      const u = await TestUser.register(auto);
      const { appId } = await newApp(u);
      const v = await completeVersion(auto, u, appId);
      const res = await u.call(versionApi.submitVersion, { body: { appId, versionId: v.versionId } });
      expect(res.json().version.releaseState).toBe(0);
      const events = (await u.call(versionApi.historyVersion, { query: { appId, versionId: v.versionId } })).json().events;
      expect(events.slice(-2).map((e: { action: string; actorKind: string }) => [e.action, e.actorKind])).toEqual([['submit', 'user'], ['approve', 'system']]);
      const off = await u.call(versionApi.shelfOff, { body: { appId, versionId: v.versionId, reason: 'Retiring' } });
      expect(off.json().version).toMatchObject({ releaseState: 10, superseded: true });
      // A release time still holds: the approval waits for it.
      const later = await newApp(u);
      const timed = await completeVersion(auto, u, later.appId);
      await u.call(versionApi.updateVersion, { body: { appId: later.appId, versionId: timed.versionId, releaseAt: new Date(auto.clock.now().getTime() + 3600_000).toISOString() } });
      expect((await u.call(versionApi.submitVersion, { body: { appId: later.appId, versionId: timed.versionId } })).json().version.releaseState).toBe(3);
    } finally {
      await auto.close();
    }
  });
});
