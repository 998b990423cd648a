import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ageRatingApi, appApi, buildPath, versionApi } from '@wharf/contract';
import { NO_CONTENT } from '@wharf/rules';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, completeVersion, newApp, released } from '../../../harness/scenarios';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const violent = { ...NO_CONTENT, violence: 'realistic', userInteraction: true } as const;

async function fresh() {
  const u = await TestUser.register(t);
  const app = await newApp(u);
  return { u, appId: app.appId as string };
}
const save = (u: TestUser, appId: string, answers: object) => u.call(ageRatingApi.saveAgeRating, { body: { appId, answers } });
/** A released app whose first declaration (no content), made after release, a reviewer approved. */
async function releasedWithoutContent() {
  const { u, appId } = await fresh();
  await released(t, u, op, appId, 10);
  const { taskId } = (await save(u, appId, NO_CONTENT)).json();
  expect(taskId).toEqual(expect.any(String));
  expect((await op.call(ageRatingApi.decideAgeRatingReview, { body: { taskId, decision: 'approve' } })).statusCode).toBe(200);
  return { u, appId };
}
const store = (appId: string) => t.app.inject({ method: 'GET', url: buildPath(ageRatingApi.storeAgeRatingOf, { appId }) });
const audit = async (appId: string) => (await t.deps.database.executeSql(`select action from audit_events where target_id = $1 and action like 'ageRating.%' order by at`, [appId])).rows.map((r) => (r as { action: string }).action);

describe('age rating', () => {
  it("before the first release answers take effect at once: every authority's rating, and the age of the version being edited", async () => {
    const { u, appId } = await fresh();
    const v = await completeVersion(t, u, appId, 10);
    const res = await save(u, appId, violent);
    expect(res.statusCode, res.body).toBe(200);
    const { rating, taskId } = res.json();
    expect(taskId).toBeNull();
    expect(rating.pending).toBeNull();
    expect(rating.current.age).toBe('16+');
    expect(rating.current.ratings).toMatchObject({ pegi: { label: 'PEGI 16', because: ['violence'] }, esrb: { label: 'M' }, usk: { label: 'USK 16' }, ru: { label: '16+' }, generic: { label: '16+' } });
    expect((await u.call(versionApi.getVersion, { query: { appId, versionId: v.versionId } })).json().version.ageRating).toBe('16+');
    // v1 reads the same age; the version may not contradict it.
    expect((await u.call(ageRatingApi.getAgeRatingV1, { query: { appId } })).json()).toMatchObject({ age: '16+', fromQuestionnaire: true });
    const contradict = await u.call(versionApi.updateVersion, { body: { appId, versionId: v.versionId, ageRating: '3+' } });
    expect(contradict.statusCode).toBe(409);
    expect(contradict.json().ret.msg).toContain('16+');
    expect((await u.call(ageRatingApi.setAgeRatingV1, { body: { appId, age: '3+' } })).statusCode).toBe(409);
    expect(await audit(appId)).toEqual(['ageRating.update']);
  });

  it('a single age (v1) declared without the questionnaire, and the questionnaire replacing it', async () => {
    const { u, appId } = await fresh();
    const set = await u.call(ageRatingApi.setAgeRatingV1, { body: { appId, age: '12+' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().rating.current).toEqual({ age: '12+', answers: null, ratings: null });
    expect((await u.call(ageRatingApi.getAgeRatingV1, { query: { appId } })).json()).toEqual(expect.objectContaining({ age: '12+', fromQuestionnaire: false }));
    expect((await save(u, appId, NO_CONTENT)).json().rating.current.age).toBe('3+');
  });

  it('after release a change waits for a reviewer: the store page keeps the old rating until approved; a rejection says why', async () => {
    const { u, appId } = await releasedWithoutContent();
    expect((await store(appId)).json().rating.ratings.pegi.label).toBe('PEGI 3');

    const changed = (await save(u, appId, violent)).json();
    expect(changed.taskId).toEqual(expect.any(String));
    expect(changed.rating).toMatchObject({ current: { age: '3+' }, pending: { age: '16+', taskId: changed.taskId }, changesNeedReview: true });
    expect((await store(appId)).json().rating.age).toBe('3+');
    const queue = (await op.call(ageRatingApi.ageRatingReviewQueue, { query: { state: 'open', pageSize: 100 } })).json().items;
    expect(queue.find((x: { taskId: string }) => x.taskId === changed.taskId)).toMatchObject({ appId, declaration: { age: '16+' }, previous: { age: '3+' } });

    const reject = await op.call(ageRatingApi.decideAgeRatingReview, { body: { taskId: changed.taskId, decision: 'reject', comment: 'The trailer shows gore: answer graphic violence' } });
    expect(reject.statusCode, reject.body).toBe(200);
    const after = (await u.call(ageRatingApi.getAgeRating, { query: { appId } })).json().rating;
    expect(after).toMatchObject({ current: { age: '3+' }, pending: null, rejection: { comment: 'The trailer shows gore: answer graphic violence' } });

    const again = (await save(u, appId, { ...violent, violence: 'graphic' })).json();
    expect((await op.call(ageRatingApi.decideAgeRatingReview, { body: { taskId: again.taskId, decision: 'approve' } })).json().task.state).toBe('approved');
    const shown = (await store(appId)).json().rating;
    expect(shown).toMatchObject({ age: '18+', ratings: { pegi: { label: 'PEGI 18' }, esrb: { label: 'M' } } });
    // Decided once: a second decision is refused.
    expect((await op.call(ageRatingApi.decideAgeRatingReview, { body: { taskId: again.taskId, decision: 'reject', comment: 'late' } })).statusCode).toBe(409);
    // (Sorted: the test's clock stands still, so the events share their time.)
    expect((await audit(appId)).sort()).toEqual(['ageRating.approve', 'ageRating.approve', 'ageRating.reject', 'ageRating.submit', 'ageRating.submit', 'ageRating.submit']);
  });

  it('a newer change replaces the waiting one (its task withdrawn); the developer can take a change back; no change, no task', async () => {
    const { u, appId } = await releasedWithoutContent();
    const first = (await save(u, appId, violent)).json().taskId;
    const second = (await save(u, appId, { ...violent, language: 'strong' })).json().taskId;
    expect(second).not.toBe(first);
    const withdrawn = (await op.call(ageRatingApi.ageRatingReviewQueue, { query: { state: 'withdrawn', pageSize: 100 } })).json().items;
    expect(withdrawn.some((x: { taskId: string }) => x.taskId === first)).toBe(true);
    expect((await op.call(ageRatingApi.decideAgeRatingReview, { body: { taskId: first, decision: 'approve' } })).statusCode).toBe(409);

    const cancelled = await u.call(ageRatingApi.cancelAgeRating, { body: { appId } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().rating).toMatchObject({ current: { age: '3+' }, pending: null });
    expect((await u.call(ageRatingApi.cancelAgeRating, { body: { appId } })).statusCode).toBe(409);
    // The answers in effect again: nothing to review.
    expect((await save(u, appId, NO_CONTENT)).json().taskId).toBeNull();
  });

  it('refuses a partial or unknown answer with a readable message; the store answers 404 for an app not in it', async () => {
    const { u, appId } = await fresh();
    const partial = await u.call(ageRatingApi.saveAgeRating, { body: { appId, answers: { violence: 'none' } }, headers: { 'accept-language': 'ru' } });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().ret.msg).not.toMatch(/\bpath\b|\[object/);
    expect((await save(u, appId, { ...NO_CONTENT, violence: 'lots' })).statusCode).toBe(400);
    expect((await store(appId)).statusCode).toBe(404);
  });

  it('an app of another team is not found', async () => {
    const { appId } = await fresh();
    const other = await TestUser.register(t);
    expect((await other.call(ageRatingApi.getAgeRating, { query: { appId } })).statusCode).toBe(404);
    expect((await save(other, appId, NO_CONTENT)).statusCode).toBe(404);
  });
});

describe('age rating on a deployment without reviewers (AUTO_APPROVE)', () => {
  it('approves a change after release at once, as the system', async () => {
    const auto = await appWithOperator({ AUTO_APPROVE: 'on' });
    try {
      const u = await TestUser.register(auto.t);
      const { appId } = await newApp(u);
      const v = await completeVersion(auto.t, u, appId, 10);
      expect((await u.call(versionApi.submitVersion, { body: { appId, versionId: v.versionId } })).statusCode).toBe(200);
      const res = (await u.call(ageRatingApi.saveAgeRating, { body: { appId, answers: violent } })).json();
      expect(res.taskId).toEqual(expect.any(String));
      expect(res.rating).toMatchObject({ current: { age: '16+' }, pending: null });
      const { rows } = await auto.t.deps.database.executeSql(`select action, actor_kind from audit_events where target_id = $1 and action like 'ageRating.%' order by at, action desc`, [appId]);
      expect(rows).toEqual([{ action: 'ageRating.submit', actor_kind: 'user' }, { action: 'ageRating.approve', actor_kind: 'system' }]);
    } finally {
      await auto.t.close();
    }
  });
});

describe("an app's deletion", () => {
  it('takes its declaration with it, in the statement that deletes the app', async () => {
    const { u, appId } = await fresh();
    expect((await save(u, appId, violent)).statusCode).toBe(200);
    const rows = async () => (await t.deps.database.executeSql(`select 1 from app_age_ratings where app_id = $1`, [appId])).rows.length;
    expect(await rows()).toBe(1);
    expect((await u.call(appApi.deleteApp, { query: { appId } })).statusCode).toBe(200);
    expect(await rows()).toBe(0);
  });
});
