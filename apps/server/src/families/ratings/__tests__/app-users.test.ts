import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appUsersApi, ratingsApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appWithOperator } from '../../../harness/scenarios';
import { installToken, reviewedApp, submit, vote } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

const signUp = (headers: Record<string, string>, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });

describe('a review by a signed-in app user', () => {
  it('needs no install token, is one per user across devices, and goes when the user is deleted', async () => {
    const app = await reviewedApp(t, op);
    await app.u.call(appUsersApi.setAuthMethods, { query: { projectId: app.projectId }, body: { anonymous: true, email: true } });
    const session = (await signUp(app.headers, appUsersApi.signUpWithEmail.fullPath, { email: 'reader@example.com', password: 'long enough' })).json();
    const as = { ...app.headers, authorization: `Bearer ${session.accessToken as string}` };
    const first = await submit(t, as, { rating: 5, text: 'Love it', versionCode: 10 }, { 'x-device-id': 'phone' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().review).toMatchObject({ rating: 5, versionName: '1.0.10' });
    const again = await submit(t, as, { rating: 4, text: 'Still good' }, { 'x-device-id': 'tablet' });
    expect(again.json().review.reviewId).toBe(first.json().review.reviewId);
    const listed = (await app.u.call(ratingsApi.listReviews, { query: { appId: app.appId } })).json().items;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ author: 'appUser', rating: 4 });

    // Their helpful mark on another's review goes with them too.
    const other = (await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'someone'), rating: 2 })).json().review;
    expect((await vote(t, as, other.reviewId, { helpful: true })).json().helpful).toBe(1);

    const deleted = await app.u.call(appUsersApi.deleteAppUser, { params: { appUserId: session.user.appUserId as string }, query: { projectId: app.projectId } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await t.deps.events.drain();
    const left = (await app.u.call(ratingsApi.listReviews, { query: { appId: app.appId } })).json().items;
    expect(left.map((r: { reviewId: string; helpful: number }) => [r.reviewId, r.helpful])).toEqual([[other.reviewId, 0]]);
  });

  it('is refused to an anonymous app user without an install token', async () => {
    const app = await reviewedApp(t, op);
    await app.u.call(appUsersApi.setAuthMethods, { query: { projectId: app.projectId }, body: { anonymous: true, email: true } });
    const session = (await signUp(app.headers, appUsersApi.signInAnonymously.fullPath)).json();
    const as = { ...app.headers, authorization: `Bearer ${session.accessToken as string}` };
    expect((await submit(t, as, { rating: 5 })).statusCode).toBe(403);
    // With the install token, the install writes it.
    const withToken = await submit(t, as, { rating: 5, installToken: await installToken(t, app.versionId, 'anon-phone') });
    expect(withToken.statusCode, withToken.body).toBe(200);
  });
});
