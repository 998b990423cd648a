import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testingApi, versionApi } from '@wharf/contract';
import { TEST_DEVELOPER_ACTIONS, TEST_STATES, testTransition, type TestDeveloperAction, type TestState } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, newApp, openTaskOf, parsedPackage } from '../../../harness/scenarios';
import { DAY, decideTest, draftTest, group, HOUR, testState } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const sql = (text: string, values: unknown[] = []) => t.deps.database.executeSql(text, values);

async function setup() {
  const u = await TestUser.register(t);
  const { appId } = await newApp(u);
  const g = await group(u);
  return { u, appId, groupId: g.groupId };
}

describe('creating and editing a test version', () => {
  it('creates a draft with package facts and an audit event', async () => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId], { installCap: 50, kind: 'open' });
    const list = (await u.call(testingApi.testVersionList, { body: { appId } })).json().items;
    expect(list).toMatchObject([{ testVersionId: tv.testVersionId, state: 'draft', stateName: 'draft', kind: 'open', versionCode: 20, versionName: '1.0.20', groupIds: [groupId], installCap: 50, installs: 0, downloads: 0, allowedActions: ['edit', 'submit'] }]);
    const { rows } = await sql(`select action from audit_events where target_id = $1`, [tv.testVersionId]);
    expect(rows).toEqual([{ action: 'testVersion.create' }]);
  });

  it('refuses bad input with the field named', async () => {
    const { u, appId, groupId } = await setup();
    const other = await TestUser.register(t);
    const foreignGroup = await group(other);
    const { pkgId } = await parsedPackage(t, u, appId, 30);
    const now = t.clock.now().getTime();
    const base = { appId, name: 'B', pkgId, groupIds: [groupId], startAt: new Date(now).toISOString(), endAt: new Date(now + DAY).toISOString() };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...base, endAt: new Date(now - HOUR).toISOString() }, 400, 'endAt'],
      [{ ...base, endAt: new Date(now + 91 * DAY).toISOString() }, 400, '90 days'],
      [{ ...base, groupIds: [foreignGroup.groupId] }, 400, 'groupIds'],
      [{ ...base, installCap: 0 }, 400, 'installCap'],
      [{ ...base, installCap: 10_001 }, 400, 'installCap'],
      [{ appId, name: 'Only a name' }, 400, 'testVersionId'],
      [{ ...base, pkgId: '00000000-0000-4000-8000-000000000000' }, 404, 'package'],
    ];
    for (const [body, status, text] of cases) {
      const res = await u.call(testingApi.openTest, { body });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().ret.msg).toContain(text);
    }
  });

  it('edits a draft fully, and a waiting or testing one only in its window and cap', async () => {
    const { u, appId, groupId } = await setup();
    const now = t.clock.now().getTime();
    const tv = await draftTest(t, u, appId, [groupId], { startAt: new Date(now + DAY).toISOString(), endAt: new Date(now + 5 * DAY).toISOString() });
    const renamed = await u.call(testingApi.openTest, { body: { appId, testVersionId: tv.testVersionId, name: 'Beta 2' } });
    expect(renamed.json().testVersion.name).toBe('Beta 2');
    await decideTest(t, u, op, appId, tv.testVersionId);
    expect(await testState(u, appId, tv.testVersionId)).toBe('waiting');
    const fixed = await u.call(testingApi.openTest, { body: { appId, testVersionId: tv.testVersionId, name: 'Beta 3' } });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().ret.msg).toContain('name');
    const moved = await u.call(testingApi.openTest, { body: { appId, testVersionId: tv.testVersionId, startAt: new Date(now + 2 * DAY).toISOString(), installCap: 3 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().testVersion).toMatchObject({ state: 'waiting', installCap: 3 });
    const { rows } = await sql(`select due_at from due_actions where dedupe_key = $1 and state = 'pending'`, [`test-start:${tv.testVersionId}`]);
    expect((rows[0] as { due_at: Date }).due_at.toISOString()).toBe(new Date(now + 2 * DAY).toISOString());
  });
});

describe('review and the window', () => {
  it('submits a review task of kind testVersion that the review console shows and decides', async () => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId]);
    await u.call(testingApi.testRelease, { body: { appId, testVersionId: tv.testVersionId, action: 'submit' } });
    const taskId = await openTaskOf(t, tv.testVersionId);
    const queue = await op.call(versionApi.reviewTaskQueue, { body: { kind: 'testVersion' } });
    expect(queue.json().items.find((x: { taskId: string }) => x.taskId === taskId)).toMatchObject({ kind: 'testVersion', versionCode: 20, appId });
    const detail = await op.call(versionApi.reviewTaskDetail, { query: { taskId } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ version: null, completeness: null, testVersion: { testVersionId: tv.testVersionId, state: 'underReview' }, package: { size: 4096 } });
    const rejected = await op.call(versionApi.submitReview, { body: { taskId, decision: 'reject', comment: 'Crashes at start' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = (await u.call(testingApi.testVersionList, { body: { appId } })).json().items[0];
    expect(after).toMatchObject({ state: 'rejected', rejection: { comment: 'Crashes at start' } });
    const again = await op.call(versionApi.submitReview, { body: { taskId, decision: 'approve' } });
    expect(again.statusCode).toBe(409);
  });

  it('approves into waiting, opens at the start time and expires at the end time (due actions)', async () => {
    const { u, appId, groupId } = await setup();
    const now = t.clock.now().getTime();
    const tv = await draftTest(t, u, appId, [groupId], { startAt: new Date(now + HOUR).toISOString(), endAt: new Date(now + 3 * HOUR).toISOString() });
    await decideTest(t, u, op, appId, tv.testVersionId);
    expect(await testState(u, appId, tv.testVersionId)).toBe('waiting');
    t.clock.set(new Date(now + HOUR));
    await t.deps.dueActions.runDue();
    await u.login();
    expect(await testState(u, appId, tv.testVersionId)).toBe('testing');
    t.clock.set(new Date(now + 3 * HOUR));
    await t.deps.dueActions.runDue();
    await u.login();
    const ended = (await u.call(testingApi.testVersionList, { body: { appId } })).json().items[0];
    expect(ended).toMatchObject({ state: 'expired', endedAt: new Date(now + 3 * HOUR).toISOString(), allowedActions: [] });
    const { rows } = await sql(`select action, actor_kind from audit_events where target_id = $1 order by at`, [tv.testVersionId]);
    expect(rows.slice(-2)).toEqual([{ action: 'testVersion.start', actor_kind: 'system' }, { action: 'testVersion.end', actor_kind: 'system' }]);
  });

  it('approves straight into testing when the start time has come; stop ends it and its clock', async () => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId]);
    await decideTest(t, u, op, appId, tv.testVersionId);
    expect(await testState(u, appId, tv.testVersionId)).toBe('testing');
    const stopped = await u.call(testingApi.testRelease, { body: { appId, testVersionId: tv.testVersionId, action: 'stop' } });
    expect(stopped.json().testVersion).toMatchObject({ state: 'expired', endedAt: t.clock.now().toISOString() });
    const { rows } = await sql(`select count(*)::int n from due_actions where dedupe_key like $1 and state = 'pending'`, [`%${tv.testVersionId}`]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('withdraws a submission to draft and its task', async () => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId]);
    await u.call(testingApi.testRelease, { body: { appId, testVersionId: tv.testVersionId, action: 'submit' } });
    const taskId = await openTaskOf(t, tv.testVersionId);
    const res = await u.call(testingApi.testRelease, { body: { appId, testVersionId: tv.testVersionId, action: 'withdraw' } });
    expect(res.json().testVersion.state).toBe('draft');
    const { rows } = await sql(`select state from review_tasks where id = $1`, [taskId]);
    expect(rows).toEqual([{ state: 'withdrawn' }]);
  });

  it('keeps a group named by a test version not yet ended', async () => {
    const { u, appId, groupId } = await setup();
    await draftTest(t, u, appId, [groupId]);
    const res = await u.call(testingApi.deleteGroup, { query: { groupId } });
    expect(res.statusCode).toBe(409);
    expect(res.json().ret.msg).toContain('Beta');
  });
});

/** Each developer action as the console calls it. */
const CALLS: Record<TestDeveloperAction, Record<string, unknown>> = {
  edit: { name: 'Edited' },
  submit: { action: 'submit' },
  withdraw: { action: 'withdraw' },
  changeWindow: { installCap: 7 },
  stop: { action: 'stop' },
};

describe('every developer action from every test state', () => {
  it.each(TEST_STATES.map((s) => [s]))('from %s: allowed actions succeed, the others are refused naming the state', async (state: TestState) => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId]);
    for (const action of TEST_DEVELOPER_ACTIONS) {
      await sql(`delete from review_tasks where subject_id = $1`, [tv.testVersionId]);
      await sql(`update test_versions set state = $2 where id = $1`, [tv.testVersionId, state]);
      if (state === 'underReview') await sql(`insert into review_tasks (subject_id, app_id, team_id, kind, submitted_at) select id, app_id, team_id, 'testVersion', now() from test_versions where id = $1`, [tv.testVersionId]);
      const body = CALLS[action];
      const endpoint = 'action' in body ? testingApi.testRelease : testingApi.openTest;
      const res = await u.call(endpoint, { body: { appId, testVersionId: tv.testVersionId, ...body } });
      const allowed = testTransition(state, action) !== null;
      // Edit and window change are one call: its fields decide which it is.
      if (action === 'edit' && (state === 'waiting' || state === 'testing')) {
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(409);
        expect(res.json().ret.msg).toContain('name');
      } else if (action === 'changeWindow' && (state === 'draft' || state === 'rejected')) {
        // A cap change of a draft is an edit.
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(200);
        expect(res.json().testVersion.state).toBe('draft');
      } else if (allowed) {
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(200);
        expect(res.json().testVersion.state).toBe(testTransition(state, action));
      } else {
        expect(res.statusCode, `${action} from ${state}: ${res.body}`).toBe(409);
        expect(res.json().ret.msg).toContain(`(${state})`);
      }
    }
  });

  it.each(TEST_STATES.map((s) => [s]))('the reviewer decides only from underReview (from %s)', async (state: TestState) => {
    const { u, appId, groupId } = await setup();
    const tv = await draftTest(t, u, appId, [groupId]);
    await sql(`update test_versions set state = $2 where id = $1`, [tv.testVersionId, state]);
    await sql(`insert into review_tasks (subject_id, app_id, team_id, kind, submitted_at) select id, app_id, team_id, 'testVersion', now() from test_versions where id = $1`, [tv.testVersionId]);
    const res = await op.call(versionApi.submitReview, { body: { taskId: await openTaskOf(t, tv.testVersionId), decision: 'approve' } });
    if (state === 'underReview') {
      expect(res.statusCode, res.body).toBe(200);
      expect(await testState(u, appId, tv.testVersionId)).toBe('testing');
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().ret.msg).toContain(`(${state})`);
    }
  });
});
