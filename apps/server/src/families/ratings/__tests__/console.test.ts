import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ratingsApi } from '@wharf/contract';
import { type TestUser, type TestApp } from '../../../harness';
import { appWithOperator } from '../../../harness/scenarios';
import { installToken, reviewedApp, reviewsFrom, submit } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const list = (u: TestUser, query: Record<string, string>) => u.call(ratingsApi.listReviews, { query });

describe("the console's reviews", () => {
  it('filters by stars, reply, language and text, and pages through every review once in each order', async () => {
    const app = await reviewedApp(t, op);
    const ids = await reviewsFrom(t, app, 12);
    await reviewsFrom(t, app, 3, { language: 'ru', prefix: 'ru' });
    const low = await list(app.u, { appId: app.appId, stars: '1,2' });
    expect(low.statusCode, low.body).toBe(200);
    expect(low.json().items.map((r: { rating: number }) => r.rating).sort()).toEqual([1, 1, 1, 1, 2, 2, 2, 2]);
    expect((await list(app.u, { appId: app.appId, languages: 'ru', withTotal: 'true' })).json().total).toBe(3);
    expect((await list(app.u, { appId: app.appId, q: 'review 1' })).json().items.map((r: { text: string }) => r.text).sort()).toEqual(['review 1', 'review 1', 'review 10', 'review 11']);
    for (const sort of ['newest', 'oldest', 'helpful', 'ratingHigh', 'ratingLow']) {
      const seen: Array<{ reviewId: string; rating: number; updatedAt: string }> = [];
      let cursor: string | null = null;
      do {
        const page = await list(app.u, { appId: app.appId, sort, pageSize: '4', ...(cursor ? { cursor } : {}) });
        expect(page.statusCode, page.body).toBe(200);
        seen.push(...page.json().items);
        cursor = page.json().nextCursor;
      } while (cursor);
      expect(new Set(seen.map((r) => r.reviewId)).size, sort).toBe(15);
      if (sort === 'ratingHigh') expect(seen.map((r) => r.rating)).toEqual([...seen.map((r) => r.rating)].sort((a, b) => b - a));
      if (sort === 'ratingLow') expect(seen.map((r) => r.rating)).toEqual([...seen.map((r) => r.rating)].sort((a, b) => a - b));
      if (sort === 'newest') expect(seen[14]!.reviewId).toBe(ids[0]);
    }
    const bad = await list(app.u, { appId: app.appId, stars: '0,7' });
    expect(bad.statusCode).toBe(400);
    expect((await list(app.u, { appId: app.appId, cursor: 'nonsense' })).statusCode).toBe(400);
  });

  it('replies, changes the reply and takes it back; the author sees it; each is in the audit log', async () => {
    const app = await reviewedApp(t, op);
    const token = await installToken(t, app.versionId, 'unhappy');
    const review = (await submit(t, app.headers, { installToken: token, rating: 1, text: 'Crashes' })).json().review;
    const replied = await app.u.call(ratingsApi.replyToReview, { query: { appId: app.appId }, body: { reviewId: review.reviewId, text: 'Fixed in 1.0.11, sorry!' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().review).toMatchObject({ reply: { text: 'Fixed in 1.0.11, sorry!' }, replyBy: app.u.userId, author: 'install' });
    t.clock.advance(600_000);
    const second = await app.u.call(ratingsApi.replyToReview, { query: { appId: app.appId }, body: { reviewId: review.reviewId, text: 'Fixed in 1.0.12' } });
    expect(second.statusCode, second.body).toBe(200);
    const changed = second.json().review.reply;
    expect(changed.createdAt).toBe(replied.json().review.reply.createdAt);
    expect(changed.updatedAt).not.toBe(changed.createdAt);
    expect((await list(app.u, { appId: app.appId, replied: 'yes' })).json().items).toHaveLength(1);
    expect((await list(app.u, { appId: app.appId, replied: 'no' })).json().items).toHaveLength(0);
    const mine = await t.app.inject({ method: 'GET', url: ratingsApi.myReview.fullPath, headers: app.headers, query: { installToken: token } });
    expect(mine.json().review.reply.text).toBe('Fixed in 1.0.12');
    const gone = await app.u.call(ratingsApi.deleteReply, { query: { appId: app.appId, reviewId: review.reviewId } });
    expect(gone.json().review.reply).toBeNull();
    const { rows } = await t.deps.database.executeSql(`select action from audit_events where target_id = $1 order by at`, [review.reviewId]);
    expect(rows.map((r) => (r as { action: string }).action)).toEqual(['ratings.reply', 'ratings.reply', 'ratings.deleteReply']);
  });

  it('keeps version codes past 2^31, as Harmony builds have them', async () => {
    const app = await reviewedApp(t, op, 3_000_000_000);
    await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'big'), rating: 4 });
    const [listed] = (await list(app.u, { appId: app.appId })).json().items;
    expect(listed).toMatchObject({ versionCode: 3_000_000_000, versionName: '1.0.3000000000' });
  });

  it("refuses another team's app and another app's review, readably", async () => {
    const app = await reviewedApp(t, op);
    const other = await reviewedApp(t, op);
    const review = (await submit(t, other.headers, { installToken: await installToken(t, other.versionId, 'x'), rating: 3 })).json().review;
    expect((await list(app.u, { appId: other.appId })).statusCode).toBe(404);
    const res = await app.u.call(ratingsApi.replyToReview, { query: { appId: app.appId }, body: { reviewId: review.reviewId, text: 'Hi' }, headers: { 'x-lang': 'ru' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().ret.msg).toBe('У этого приложения нет такого отзыва');
  });

  it('charts ratings: distribution and average, per version, and every day of the window', async () => {
    const app = await reviewedApp(t, op);
    const today = t.clock.now().toISOString().slice(0, 10);
    await reviewsFrom(t, app, 5);
    const res = await app.u.call(ratingsApi.reviewSummary, { query: { appId: app.appId, from: '2020-01-01', to: '2020-01-07' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().summary).toEqual({ count: 5, average: 3, distribution: [1, 1, 1, 1, 1] });
    expect(res.json().versions).toEqual([{ versionName: '1.0.10', count: 5, average: 3 }]);
    expect(res.json().days).toHaveLength(7);
    const window = await app.u.call(ratingsApi.reviewSummary, { query: { appId: app.appId, from: today, to: today } });
    expect(window.json().days).toEqual([{ day: today, count: 5, average: 3 }]);
    const tooLong = await app.u.call(ratingsApi.reviewSummary, { query: { appId: app.appId, from: '2020-01-01', to: '2022-01-01' }, headers: { 'x-lang': 'en' } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().ret.msg).toBe('The period must be from 1 to 366 days long');
  });
});
