import { expect } from 'vitest';
import { buildPath, ratingsApi, versionApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { newApp, released } from '../../../harness/scenarios';
import { appHeaders } from '../../../platform/__tests__/matrix/builders/app-users';

/** A released app of a new team, its client headers and its first version. */
export async function reviewedApp(t: TestApp, op: TestUser, versionCode = 10) {
  const u = await TestUser.register(t);
  const app = await newApp(u);
  const v = await released(t, u, op, app.appId, versionCode);
  return { u, appId: app.appId, projectId: (app as unknown as { projectId: string }).projectId, versionId: v.versionId, headers: await appHeaders(u, app.appId) };
}

/** What a device gets by downloading the app: its install token. */
export async function installToken(t: TestApp, versionId: string, deviceId: string, country = 'DE'): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId }), query: { deviceId, country } });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.headers['x-install-token'];
  expect(typeof token).toBe('string');
  return token as string;
}

/** A device's review, as an app sends it with its client key (and, as the SDK does, its device id). */
export function submit(t: TestApp, headers: Record<string, string>, body: object, extra: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: ratingsApi.submitReview.fullPath, headers: { 'x-device-id': aDevice(), ...headers, ...extra }, payload: body });
}

export function vote(t: TestApp, headers: Record<string, string>, reviewId: string, body: object) {
  return t.app.inject({ method: 'PUT', url: buildPath(ratingsApi.voteHelpful, { reviewId }), headers: { 'x-device-id': aDevice(), ...headers }, payload: body });
}

const aDevice = () => `device-${Math.random().toString(36).slice(2, 10)}`;

/** Reviews from `n` installs: ratings cycle 1..5, texts numbered. */
export async function reviewsFrom(t: TestApp, app: { versionId: string; headers: Record<string, string> }, n: number, o: { language?: string; prefix?: string } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const token = await installToken(t, app.versionId, `${o.prefix ?? 'dev'}-${i}-${Math.random().toString(36).slice(2, 8)}`);
    const res = await submit(t, app.headers, { installToken: token, rating: (i % 5) + 1, text: `review ${i}`, language: o.language ?? 'en' });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().review.reviewId as string);
    t.clock.advance(60_000);
  }
  return ids;
}
