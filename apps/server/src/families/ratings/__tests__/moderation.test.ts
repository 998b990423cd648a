import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, ratingsApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appWithOperator } from '../../../harness/scenarios';
import { installToken, reviewedApp, submit } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator({ REVIEW_HELD_WORDS: 'join my clan, promo code' }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const mine = (headers: Record<string, string>, token: string) => t.app.inject({ method: 'GET', url: ratingsApi.myReview.fullPath, headers, query: { installToken: token } });
const store = async (appId: string) => (await t.app.inject({ method: 'GET', url: buildPath(ratingsApi.storeReviews, { appId }) })).json();
const queue = async () => (await op.call(ratingsApi.moderationQueue, { query: { pageSize: 100 } })).json();
const report = (headers: Record<string, string>, reviewId: string, token: string, reason = 'spam') =>
  t.app.inject({ method: 'PUT', url: buildPath(ratingsApi.reportReview, { reviewId }), headers: { ...headers, 'x-device-id': `r-${Math.random()}` }, payload: { installToken: token, reason } });

describe('moderation of reviews', () => {
  it('holds a review with a link for an operator: not on the store page nor in its numbers; hidden with a reason the author and the team read', async () => {
    const app = await reviewedApp(t, op);
    await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'fine'), rating: 5, text: 'Nice' });
    const token = await installToken(t, app.versionId, 'spammer');
    const held = (await submit(t, app.headers, { installToken: token, rating: 1, text: 'Better one at www.cheap-apps.net' })).json().review;
    expect(held.state).toBe('held');
    const page = await store(app.appId);
    expect(page.items.map((r: { text: string }) => r.text)).toEqual(['Nice']);
    expect(page.summary.count).toBe(1);
    const listed = (await app.u.call(ratingsApi.listReviews, { query: { appId: app.appId } })).json().items;
    expect(listed.find((r: { reviewId: string }) => r.reviewId === held.reviewId)).toMatchObject({ state: 'held', flags: ['link'] });
    const onlyHeld = (await app.u.call(ratingsApi.listReviews, { query: { appId: app.appId, moderation: 'held' } })).json().items;
    expect(onlyHeld.map((r: { reviewId: string }) => r.reviewId)).toEqual([held.reviewId]);
    const waiting = (await queue()).items.find((r: { reviewId: string }) => r.reviewId === held.reviewId);
    expect(waiting).toMatchObject({ appId: app.appId, flags: ['link'], reportReasons: [] });
    expect(waiting.appName).toBeTruthy();

    const hidden = await op.call(ratingsApi.moderateReview, { params: { reviewId: held.reviewId }, body: { decision: 'hide', reason: 'Advertises another store' } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await mine(app.headers, token)).json().review).toMatchObject({ state: 'hidden', moderationReason: 'Advertises another store' });
    expect((await queue()).items.some((r: { reviewId: string }) => r.reviewId === held.reviewId)).toBe(false);
    const { rows } = await t.deps.database.executeSql(`select action, team_id from audit_events where target_id = $1`, [held.reviewId]);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { action: string }).action).toBe('ratings.hide');

    // Changed by its author, it waits for an operator again; shown, it counts.
    expect((await submit(t, app.headers, { installToken: token, rating: 2, text: 'Too many ads' })).json().review.state).toBe('held');
    expect((await queue()).items.some((r: { reviewId: string }) => r.reviewId === held.reviewId)).toBe(true);
    expect((await op.call(ratingsApi.moderateReview, { params: { reviewId: held.reviewId }, body: { decision: 'show' } })).json().review.state).toBe('visible');
    expect((await store(app.appId)).summary.count).toBe(2);
  });

  it("takes readers' reports once each into the queue while the review stays visible, and the deployment's own words", async () => {
    const app = await reviewedApp(t, op);
    const review = (await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'writer'), rating: 3, text: 'Meh' })).json().review;
    const reader = await installToken(t, app.versionId, 'reader');
    expect((await report(app.headers, review.reviewId, reader)).statusCode).toBe(200);
    expect((await report(app.headers, review.reviewId, reader, 'offensive')).statusCode).toBe(200);
    expect((await report(app.headers, review.reviewId, await installToken(t, app.versionId, 'reader-2'), 'offensive')).statusCode).toBe(200);
    const waiting = (await queue()).items.find((r: { reviewId: string }) => r.reviewId === review.reviewId);
    expect(waiting).toMatchObject({ state: 'visible', reports: 2, reportReasons: ['offensive', 'spam'] });
    expect((await store(app.appId)).items).toHaveLength(1);
    const bad = await op.call(ratingsApi.moderateReview, { params: { reviewId: review.reviewId }, body: { decision: 'hide', reason: '' }, headers: { 'x-lang': 'en' } });
    expect(bad.statusCode).toBe(400);
    expect((await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'clan'), rating: 5, text: 'Join my clan today' })).json().review).toMatchObject({ state: 'held' });
    expect((await report(app.headers, '00000000-0000-4000-8000-000000000000', reader)).statusCode).toBe(404);
  });
});
