import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { appApi, fileApi, immersiveApi, projectApi, qualificationApi, teamApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../harness';
import { appWithOperator, completeVersion, newApp, openTaskOf, uploaded } from '../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
  await op.whoAmI();
});
afterAll(() => t.close());

const sql = async (text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as Array<Record<string, unknown>>;

async function banner(u: TestUser): Promise<string> {
  const png = new PNG({ width: 8, height: 8 });
  png.data.fill(120);
  const res = await u.call(fileApi.uploadObject, { query: { fileName: 'b.png', contentType: 'image/png' }, raw: PNG.sync.write(png) });
  return res.json().object.objectId as string;
}

/** An app with a version, an immersive banner and a qualification, each submitted for review. */
async function threeSubmissions() {
  const u = await TestUser.register(t);
  const { appId } = await newApp(u);
  const v = await completeVersion(t, u, appId);
  expect((await u.call(versionApi.submitVersion, { body: { appId, versionId: v.versionId } })).statusCode).toBe(200);
  const image = await banner(u);
  expect((await u.call(immersiveApi.createImmersiveInfo, { body: { appId, imageObjectId: image, color: '#204060', texts: [{ language: 'enUS', title: 'Sale', subtitle: '' }] } })).statusCode).toBe(200);
  const immersive = (await u.call(immersiveApi.submitImmersiveAudit, { body: { appId } })).json().taskId as string;
  const doc = await uploaded(u, 'licence.pdf', 'application/pdf');
  const qualification = (await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'icpFiling', objectIds: [doc] } })).json().task.taskId as string;
  return { u, appId, versionTask: await openTaskOf(t, v.versionId), immersive, qualification };
}

describe("one reviewers' queue for every kind of subject", () => {
  it('keeps the tasks of versions, immersive banners and qualifications in one table, each call listing its own kinds', async () => {
    const s = await threeSubmissions();
    const rows = await sql(`select id, kind, state from review_tasks where app_id = $1 order by kind`, [s.appId]);
    expect(rows).toEqual([
      { id: s.immersive, kind: 'immersive', state: 'open' },
      { id: s.qualification, kind: 'qualification', state: 'open' },
      { id: s.versionTask, kind: 'release', state: 'open' },
    ]);
    const ids = async (res: { json(): { items: Array<{ taskId: string }> } }) => res.json().items.map((i) => i.taskId);
    const versions = await ids(await op.call(versionApi.reviewTaskQueue, { body: { pageSize: 100 } }));
    expect(versions).toContain(s.versionTask);
    expect(versions).not.toContain(s.immersive);
    expect(versions).not.toContain(s.qualification);
    const banners = await ids(await op.call(immersiveApi.immersiveReviewQueue, { query: { pageSize: 100 } }));
    expect(banners).toContain(s.immersive);
    expect(banners).not.toContain(s.versionTask);
    const docs = await ids(await op.call(qualificationApi.qualificationReviewQueue, { query: { pageSize: 100 } }));
    expect(docs).toEqual(expect.arrayContaining([s.qualification]));
    expect(docs).not.toContain(s.immersive);
    // One task's id is not another kind's: each decision call refuses a task of another kind.
    expect((await op.call(immersiveApi.decideImmersiveReview, { body: { taskId: s.qualification, decision: 'approve' } })).statusCode).toBe(404);
  });

  it("records every reviewer's decision, whatever the kind, in the audit trail as the queue's one action", async () => {
    const s = await threeSubmissions();
    expect((await op.call(versionApi.submitReview, { body: { taskId: s.versionTask, decision: 'reject', comment: 'Say more' } })).statusCode).toBe(200);
    expect((await op.call(immersiveApi.decideImmersiveReview, { body: { taskId: s.immersive, decision: 'approve' } })).statusCode).toBe(200);
    expect((await op.call(qualificationApi.setQualificationStatus, { body: { taskId: s.qualification, status: 'rejected', reason: 'Unreadable' } })).statusCode).toBe(200);
    const trail = await sql(`select action, target_id, actor_id, data->>'kind' as kind from audit_events where target_type = 'reviewTask' and data->>'appId' = $1 order by data->>'kind'`, [s.appId]);
    expect(trail).toEqual([
      { action: 'review.approve', target_id: s.immersive, actor_id: op.userId, kind: 'immersive' },
      { action: 'review.reject', target_id: s.qualification, actor_id: op.userId, kind: 'qualification' },
      { action: 'review.reject', target_id: s.versionTask, actor_id: op.userId, kind: 'release' },
    ]);
    const states = await sql(`select kind, state, reviewer_id from review_tasks where app_id = $1 order by kind`, [s.appId]);
    expect(states).toEqual([
      { kind: 'immersive', state: 'approved', reviewer_id: op.userId },
      { kind: 'qualification', state: 'rejected', reviewer_id: op.userId },
      { kind: 'release', state: 'rejected', reviewer_id: op.userId },
    ]);
  });

  it('lets one of two reviewers deciding the same task at once win, and tells the other it is decided (409)', async () => {
    const s = await threeSubmissions();
    const banner = await Promise.all([
      op.call(immersiveApi.decideImmersiveReview, { body: { taskId: s.immersive, decision: 'approve' } }),
      op.call(immersiveApi.decideImmersiveReview, { body: { taskId: s.immersive, decision: 'reject', comment: 'Too dark' } }),
    ]);
    expect(banner.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const docs = await Promise.all([
      op.call(qualificationApi.setQualificationStatus, { body: { taskId: s.qualification, status: 'approved' } }),
      op.call(qualificationApi.setQualificationStatus, { body: { taskId: s.qualification, status: 'rejected', reason: 'No' } }),
    ]);
    expect(docs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const decisions = await sql(`select count(*)::int as n from audit_events where target_type = 'reviewTask' and target_id in ($1, $2)`, [s.immersive, s.qualification]);
    expect(decisions).toEqual([{ n: 2 }]);
  });

  it('withdraws every open task of an app that is deleted, whatever its kind', async () => {
    const s = await threeSubmissions();
    const removed = await s.u.call(appApi.deleteApp, { query: { appId: s.appId } });
    if (removed.statusCode !== 200) return expect.fail(removed.body);
    const open = await sql(`select kind from review_tasks where app_id = $1 and state = 'open'`, [s.appId]);
    expect(open).toEqual([]);
    // The subjects go with the app: its banner and its qualifications.
    expect(await sql(`select app_id from immersive_infos where app_id = $1 union all select app_id from qualifications where app_id = $1`, [s.appId])).toEqual([]);
  });

  it('moves the tasks and their subjects, with their pictures and documents, when the app changes teams', async () => {
    const s = await threeSubmissions();
    const home = s.u.teamId;
    const company = (await s.u.call(teamApi.createMainUser, { body: { name: 'Company' } })).json().team.teamId as string;
    s.u.teamId = company;
    const target = (await s.u.call(projectApi.createProject, { body: { name: 'Target' } })).json().project.projectId as string;
    s.u.teamId = home;
    const moved = await s.u.call(appApi.moveApp, { body: { appId: s.appId, targetTeamId: company, targetProjectId: target } });
    expect(moved.statusCode, moved.body).toBe(200);
    const teams = await sql(
      `select distinct team_id from (select team_id from review_tasks where app_id = $1 union all select team_id from immersive_infos where app_id = $1 union all select team_id from qualifications where app_id = $1) t`,
      [s.appId],
    );
    expect(teams).toEqual([{ team_id: company }]);
    const files = await sql(
      `select distinct f.team_id from files f where f.id in (select image_object_id from immersive_infos where app_id = $1 union all select unnest(object_ids) from qualifications where app_id = $1)`,
      [s.appId],
    );
    expect(files).toEqual([{ team_id: company }]);
    s.u.teamId = company;
    expect((await s.u.call(qualificationApi.getQualificationTask, { query: { appId: s.appId, taskId: s.qualification } })).json().task.state).toBe('pending');
  });
});
