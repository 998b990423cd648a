import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appApi, fileApi, qualificationApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { teamWithMember } from '../../../harness/scenarios';
import { appWithOperator, newApp } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());

async function doc(u: TestUser, fileName = 'licence.pdf', text = '%PDF-1.4 licence'): Promise<string> {
  const res = await u.call(fileApi.uploadObject, { query: { fileName, contentType: 'application/pdf' }, raw: Buffer.from(text) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().object.objectId as string;
}

async function auditOf(taskId: string): Promise<string[]> {
  const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by action`, [taskId]);
  return (rows as Array<{ action: string }>).map((r) => r.action);
}

describe('qualification review tasks', () => {
  it('are submitted with documents, listed, changed while pending and approved by a reviewer', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { category: 'game' });
    const licence = await doc(u);
    const created = await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'gameLicence', objectIds: [licence], remarks: 'ISBN 978-7-0000-0000-1' } });
    expect(created.statusCode, created.body).toBe(200);
    const task = created.json().task;
    expect(task).toMatchObject({ appId, kind: 'gameLicence', state: 'pending', remarks: 'ISBN 978-7-0000-0000-1', reason: null, allowedActions: ['edit', 'cancel'], files: [{ objectId: licence, fileName: 'licence.pdf', contentType: 'application/pdf' }] });

    const second = await doc(u, 'approval.pdf');
    const updated = await u.call(qualificationApi.updateQualificationTask, { body: { appId, taskId: task.taskId, objectIds: [licence, second], remarks: 'Both pages' } });
    expect(updated.json().task).toMatchObject({ kind: 'gameLicence', remarks: 'Both pages', files: [{ objectId: licence }, { objectId: second }] });

    const icp = (await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'icpFiling', objectIds: [second] } })).json().task;
    const list = (await u.call(qualificationApi.qualificationTaskList, { query: { appId, pageSize: 1 } })).json();
    expect(list.items.map((i: { taskId: string }) => i.taskId)).toHaveLength(1);
    const rest = (await u.call(qualificationApi.qualificationTaskList, { query: { appId, cursor: list.nextCursor } })).json();
    expect([...list.items, ...rest.items].map((i: { taskId: string }) => i.taskId).sort()).toEqual([task.taskId, icp.taskId].sort());

    const queue = (await op.call(qualificationApi.qualificationReviewQueue, { query: { pageSize: 100 } })).json().items;
    expect(queue.find((i: { taskId: string }) => i.taskId === task.taskId)).toMatchObject({ appName: expect.any(String), state: 'pending' });
    const file = await op.call(qualificationApi.qualificationReviewFile, { query: { taskId: task.taskId, objectId: second } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 licence');
    expect(file.headers['content-disposition']).toContain('attachment');
    expect((await op.call(qualificationApi.qualificationReviewFile, { query: { taskId: icp.taskId, objectId: licence } })).statusCode).toBe(404);

    const approved = await op.call(qualificationApi.setQualificationStatus, { body: { taskId: task.taskId, status: 'approved' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().task).toMatchObject({ state: 'approved', allowedActions: ['delete'] });
    const late = await u.call(qualificationApi.updateQualificationTask, { body: { appId, taskId: task.taskId, remarks: 'more' } });
    expect(late.statusCode).toBe(409);
    expect(late.json().ret.msg).toContain('approved');
    const again = await op.call(qualificationApi.setQualificationStatus, { body: { taskId: task.taskId, status: 'rejected', reason: 'no' } });
    expect(again.statusCode).toBe(409);
    // The reviewers' queue records the decision too, as it does for every kind of task.
    expect(await auditOf(task.taskId)).toEqual(['qualification.approve', 'qualification.submit', 'qualification.update', 'review.approve']);
    expect((await u.call(qualificationApi.getQualificationTask, { query: { appId, taskId: task.taskId } })).json().task.state).toBe('approved');
  });

  it('are cancelled while pending, rejected with a reason, and deleted only when not pending', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const file = await doc(u);
    const a = (await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'copyrightCertificate', objectIds: [file] } })).json().task;
    const pendingDelete = await u.call(qualificationApi.deleteQualificationTask, { query: { appId, taskId: a.taskId } });
    expect(pendingDelete.statusCode).toBe(409);
    expect(pendingDelete.json().ret.msg).toContain('pending');
    expect((await u.call(qualificationApi.cancelQualificationTask, { body: { appId, taskId: a.taskId } })).json().task.state).toBe('cancelled');
    expect((await u.call(qualificationApi.cancelQualificationTask, { body: { appId, taskId: a.taskId } })).statusCode).toBe(409);
    expect((await op.call(qualificationApi.setQualificationStatus, { body: { taskId: a.taskId, status: 'approved' } })).statusCode).toBe(409);
    expect((await u.call(qualificationApi.deleteQualificationTask, { query: { appId, taskId: a.taskId } })).statusCode).toBe(200);
    expect((await u.call(qualificationApi.getQualificationTask, { query: { appId, taskId: a.taskId } })).statusCode).toBe(404);

    const b = (await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'other', objectIds: [file] } })).json().task;
    expect((await op.call(qualificationApi.setQualificationStatus, { body: { taskId: b.taskId, status: 'rejected' } })).statusCode).toBe(400);
    const rejected = (await op.call(qualificationApi.setQualificationStatus, { body: { taskId: b.taskId, status: 'rejected', reason: 'Blurred scan' } })).json().task;
    expect(rejected).toMatchObject({ state: 'rejected', reason: 'Blurred scan' });
    expect((await u.call(qualificationApi.qualificationTaskList, { query: { appId, state: 'rejected' } })).json().items).toHaveLength(1);
    expect((await op.call(qualificationApi.qualificationReviewQueue, { query: { state: 'rejected', pageSize: 100 } })).json().items.some((i: { taskId: string }) => i.taskId === b.taskId)).toBe(true);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u);
    const file = await doc(u);
    const kind = await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'passport', objectIds: [file] } });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().ret.msg).toContain('kind');
    expect((await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'other', objectIds: [] } })).json().ret.msg).toContain('objectIds');
    expect((await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'other', objectIds: [file, file] } })).statusCode).toBe(400);
    const other = await TestUser.register(t);
    const theirs = await doc(other);
    const foreign = await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'other', objectIds: [theirs] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().ret.msg).toContain('no uploaded file');
    expect((await u.call(qualificationApi.qualificationTaskList, { query: { appId, cursor: '!!' } })).statusCode).toBe(400);
  });

  it('answers 404 to other teams and 403 to roles without app management and to non-reviewers', async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const { appId } = await newApp(holder);
    const task = (await holder.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'icpFiling', objectIds: [await doc(holder)] } })).json().task;
    const other = await TestUser.register(t);
    expect((await other.call(qualificationApi.getQualificationTask, { query: { appId, taskId: task.taskId } })).statusCode).toBe(404);
    expect((await other.call(qualificationApi.cancelQualificationTask, { body: { appId, taskId: task.taskId } })).statusCode).toBe(404);
    const { appId: otherApp } = await newApp(other);
    expect((await other.call(qualificationApi.getQualificationTask, { query: { appId: otherApp, taskId: task.taskId } })).statusCode).toBe(404);
    expect((await member.call(qualificationApi.qualificationTaskList, { query: { appId } })).statusCode).toBe(200);
    expect((await member.call(qualificationApi.cancelQualificationTask, { body: { appId, taskId: task.taskId } })).statusCode).toBe(403);
    expect((await holder.call(qualificationApi.setQualificationStatus, { body: { taskId: task.taskId, status: 'approved' } })).statusCode).toBe(403);
    expect((await holder.call(qualificationApi.qualificationReviewQueue, {})).statusCode).toBe(403);
  });
});

describe("an app's deletion", () => {
  it('takes its qualification tasks with it, in the statement that deletes the app', async () => {
    const u = await TestUser.register(t);
    const { appId } = await newApp(u, { category: 'game' });
    expect((await u.call(qualificationApi.createQualificationTask, { body: { appId, kind: 'gameLicence', objectIds: [await doc(u)] } })).statusCode).toBe(200);
    const rows = async () => (await t.deps.database.executeSql(`select 1 from qualifications where app_id = $1`, [appId])).rows.length;
    expect(await rows()).toBe(1);
    expect((await u.call(appApi.deleteApp, { query: { appId } })).statusCode).toBe(200);
    expect(await rows()).toBe(0);
  });
});
