import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPath, ratingsApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { appWithOperator, newApp } from '../../../harness/scenarios';
import { installToken, reviewedApp, reviewsFrom, submit, vote } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const page = (appId: string, query: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: buildPath(ratingsApi.storeReviews, { appId }), query });

/** Every page of the store's reviews, in order. */
async function walk(appId: string, query: Record<string, string>) {
  const seen: Array<{ reviewId: string; language: string; helpful: number; text: string }> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await page(appId, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.length, 'no empty page').toBeGreaterThan(0);
    expect(res.json().summary === undefined, 'summary on the first page only').toBe(pages > 0);
    seen.push(...res.json().items);
    cursor = res.json().nextCursor;
    pages += 1;
  } while (cursor);
  return { seen, pages };
}

describe("the store page's reviews", () => {
  it("shows the reader's language first, then the rest, each newest first, with a summary on the first page", async () => {
    const app = await reviewedApp(t, op);
    await reviewsFrom(t, app, 5, { language: 'en' });
    await reviewsFrom(t, app, 3, { language: 'ru', prefix: 'ru' });
    const first = await page(app.appId, { language: 'ru-RU', pageSize: '4' });
    expect(first.json().summary).toEqual({ count: 8, average: 2.63, distribution: [2, 2, 2, 1, 1] });
    const { seen, pages } = await walk(app.appId, { language: 'ru', pageSize: '3' });
    expect(pages).toBe(3);
    expect(seen.map((r) => r.language)).toEqual(['ru', 'ru', 'ru', 'en', 'en', 'en', 'en', 'en']);
    expect(seen.map((r) => r.text)).toEqual(['review 2', 'review 1', 'review 0', 'review 4', 'review 3', 'review 2', 'review 1', 'review 0']);
    // A page that ends exactly with the reader's language goes on with the others.
    expect((await walk(app.appId, { language: 'ru', pageSize: '4' })).seen).toHaveLength(8);
    expect((await walk(app.appId, {})).seen).toHaveLength(8);
  });

  it('sorts by helpfulness, and shows the reply', async () => {
    const app = await reviewedApp(t, op);
    const [a, b] = await reviewsFrom(t, app, 3);
    await vote(t, app.headers, b!, { installToken: await installToken(t, app.versionId, 'reader'), helpful: true });
    await app.u.call(ratingsApi.replyToReview, { query: { appId: app.appId }, body: { reviewId: a!, text: 'Thanks!' } });
    const { seen } = await walk(app.appId, { sort: 'helpful', language: 'en' });
    expect(seen[0]!.reviewId).toBe(b);
    const replied = seen.find((r) => r.reviewId === a) as unknown as { reply: { text: string } };
    expect(replied.reply.text).toBe('Thanks!');
  });

  it('is not there for an app that is not in the store, and refuses a broken cursor', async () => {
    const u = await TestUser.register(t);
    const app = await newApp(u);
    const res = await page(app.appId);
    expect(res.statusCode).toBe(404);
    const listed = await reviewedApp(t, op);
    await submit(t, listed.headers, { installToken: await installToken(t, listed.versionId, 'd'), rating: 4 });
    for (const cursor of ['x', Buffer.from('[7]').toString('base64url'), Buffer.from('[0, 1, "never", "id"]').toString('base64url')]) {
      expect((await page(listed.appId, { cursor })).statusCode, cursor).toBe(400);
    }
  });
});
