import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ratingsApi } from '@wharf/contract';
import type { TestApp, TestUser } from '../../../harness';
import { appWithOperator } from '../../../harness/scenarios';
import { installToken, reviewedApp, submit, vote } from './helpers';

let t: TestApp;
let op: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator({ RATE_LIMITS: JSON.stringify({ reviewWrite: { limit: 12, windowMs: 3_600_000 }, reviewWritePerApp: { limit: 16, windowMs: 3_600_000 } }) }));
});
afterAll(() => t.close());
beforeEach(async () => {
  await op.login();
});

describe('a review from a device', () => {
  it('is written by a device that downloaded the app, in its language and country, tied to the installed version', async () => {
    const app = await reviewedApp(t, op);
    // The country is the download's (where it was counted), the language the device's.
    const token = await installToken(t, app.versionId, 'phone-1', 'DE');
    const res = await submit(t, app.headers, { installToken: token, rating: 2, text: 'Вылетает при запуске 😞' }, { 'accept-language': 'ru-RU,ru;q=0.9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ rating: 2, text: 'Вылетает при запуске 😞', language: 'ru', country: 'DE', versionName: '1.0.10', helpful: 0, reply: null });
    const mine = await t.app.inject({ method: 'GET', url: ratingsApi.myReview.fullPath, headers: app.headers, query: { installToken: token } });
    expect(mine.json().review.reviewId).toBe(res.json().review.reviewId);
  });

  it('is refused without an install, with a forged or another app\'s token, and in a readable message', async () => {
    const app = await reviewedApp(t, op);
    const other = await reviewedApp(t, op);
    const token = await installToken(t, app.versionId, 'phone-2');
    const [head, body, mac] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify([app.appId, 'someone-else', app.versionId, 'DE', 1])).toString('base64url')}.${mac}`;
    for (const attempt of [{}, { installToken: forged }, { installToken: `${head}.${body}.${mac!.slice(0, -2)}AA` }, { installToken: await installToken(t, other.versionId, 'phone-2') }]) {
      const res = await submit(t, app.headers, { ...attempt, rating: 5, text: 'fake' }, { 'x-lang': 'en' });
      expect(res.statusCode, JSON.stringify(attempt)).toBe(403);
      expect(res.json().ret.msg).toMatch(/Only a device that installed the app/);
    }
    const res = await submit(t, app.headers, { rating: 5 }, { 'accept-language': 'ru' });
    expect(res.json().ret.msg).toMatch(/сначала скачайте приложение/);
  });

  it('keeps one review per install: writing again changes it', async () => {
    const app = await reviewedApp(t, op);
    const token = await installToken(t, app.versionId, 'phone-3');
    const ids = new Set<string>();
    for (let i = 1; i <= 10; i++) {
      const res = await submit(t, app.headers, { installToken: token, rating: (i % 5) + 1, text: `take ${i}` }, { 'x-device-id': `spin-${i}` });
      expect(res.statusCode, res.body).toBe(200);
      ids.add(res.json().review.reviewId);
    }
    expect(ids.size).toBe(1);
    const mine = await t.app.inject({ method: 'GET', url: ratingsApi.myReview.fullPath, headers: app.headers, query: { installToken: token } });
    expect(mine.json().review).toMatchObject({ text: 'take 10', rating: 1 });
  });

  it('is limited per device', async () => {
    const app = await reviewedApp(t, op);
    const token = await installToken(t, app.versionId, 'phone-4');
    const codes: number[] = [];
    for (let i = 0; i < 13; i++) codes.push((await submit(t, app.headers, { installToken: token, rating: 3 }, { 'x-device-id': 'phone-4' })).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 200)).toBe(true);
    expect(codes[12]).toBe(429);
  });

  it("is limited per app, all its devices together, in the caller's language", async () => {
    const app = await reviewedApp(t, op);
    const codes: number[] = [];
    for (let i = 0; i < 17; i++) codes.push((await submit(t, app.headers, { installToken: await installToken(t, app.versionId, `crowd-${i}`), rating: 5 })).statusCode);
    expect(codes.slice(0, 16).every((c) => c === 200)).toBe(true);
    const refused = await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'one-more'), rating: 5 }, { 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().ret.msg).toBe('Это приложение получило слишком много отзывов за этот час; повторите позже');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('keeps markup and emoji as typed, and refuses what is out of bounds in the caller\'s language', async () => {
    const app = await reviewedApp(t, op);
    const token = await installToken(t, app.versionId, 'phone-5');
    const res = await submit(t, app.headers, { installToken: token, rating: 4, text: '<b>bold</b> <script>alert(1)</script> 👍' });
    expect(res.json().review.text).toBe('<b>bold</b> <script>alert(1)</script> 👍');
    for (const bad of [{ rating: 6 }, { rating: 0 }, { rating: 3, text: 'x'.repeat(501) }, { rating: 3, versionCode: 99 }]) {
      const refused = await submit(t, app.headers, { installToken: token, ...bad }, { 'accept-language': 'ru' });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().ret.msg).toMatch(/^Недопустимые параметры: |^У приложения нет выпущенной версии с кодом 99$/);
      expect(refused.json().ret.msg).not.toMatch(/body\./);
    }
  });

  it('is marked helpful once per reader, and the mark can be taken back', async () => {
    const app = await reviewedApp(t, op);
    const review = (await submit(t, app.headers, { installToken: await installToken(t, app.versionId, 'author'), rating: 5, text: 'Great' })).json().review;
    const reader = await installToken(t, app.versionId, 'reader');
    expect((await vote(t, app.headers, review.reviewId, { installToken: reader, helpful: true })).json().helpful).toBe(1);
    expect((await vote(t, app.headers, review.reviewId, { installToken: reader, helpful: true })).json().helpful).toBe(1);
    expect((await vote(t, app.headers, review.reviewId, { installToken: await installToken(t, app.versionId, 'reader-2'), helpful: true })).json().helpful).toBe(2);
    expect((await vote(t, app.headers, review.reviewId, { installToken: reader, helpful: false })).json().helpful).toBe(1);
    const other = await reviewedApp(t, op);
    const elsewhere = await vote(t, other.headers, review.reviewId, { installToken: await installToken(t, other.versionId, 'reader'), helpful: true });
    expect(elsewhere.statusCode).toBe(404);
  });
});
