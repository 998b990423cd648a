import { buildPath, ratingsApi, versionApi } from '@wharf/contract';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { appHeaders } from './app-users';

const aDevice = () => `matrix-reviewer-${Math.random().toString(36).slice(2, 10)}`;

/** What A's on-shelf app's download hands a device. */
async function installToken(s: Seed, deviceId: string): Promise<string> {
  const res = await s.t.app.inject({ method: 'GET', url: buildPath(versionApi.download, { versionId: s.a.onShelfVersionId }), query: { deviceId, country: 'DE' } });
  if (res.statusCode !== 200) throw new Error(`matrix: download answered ${res.statusCode}`);
  const token = String(res.headers['x-install-token']);
  s.secrets.push(token);
  return token;
}

/** Reviews made here: other calls name them (and so count them A's), the store page shows them. */
const made: string[] = [];

/** A fresh review of A's app, with the marker in its text. */
async function review(s: Seed, deviceId = aDevice()): Promise<string> {
  const headers = await appHeaders(s.a.holder, s.a.app.appId);
  const res = await s.t.app.inject({ method: 'PUT', url: ratingsApi.submitReview.fullPath, headers: { ...headers, 'x-device-id': deviceId }, payload: { installToken: await installToken(s, deviceId), rating: 2, text: `Slow ${s.marker}` } });
  const { reviewId } = (await ok<{ review: { reviewId: string } }>(res, 'review')).review;
  made.push(reviewId);
  return reviewId;
}

/** A fresh reply template of team A. */
async function template(s: Seed): Promise<string> {
  const res = await s.a.holder.call(ratingsApi.createReplyTemplate, { body: { name: `T ${Math.random().toString(36).slice(2, 10)}`, text: `Sorry ${s.marker}` } });
  return (await ok<{ template: { templateId: string } }>(res, 'reply template')).template.templateId;
}

/** Reviews of A's on-shelf app: its team's console calls, a device's own, and the store page's. */
export function ratingsBuilders(): Builders {
  return {
    'ratings.list': { build: async (s) => (await review(s), { query: { appId: s.a.app.appId, withTotal: 'true' } }) },
    'ratings.summary': { build: (s) => ({ query: { appId: s.a.app.appId, from: '2020-01-01', to: '2020-01-31' } }) },
    'ratings.reply': { build: async (s) => ({ query: { appId: s.a.app.appId }, body: { reviewId: await review(s), text: `Thanks ${s.marker}` } }) },
    'ratings.deleteReply': { build: async (s) => ({ query: { appId: s.a.app.appId, reviewId: await review(s) } }) },
    'ratings.submit': {
      build: async (s) => {
        // A device that reviewed already changes its review (its id is one the store page may show).
        const deviceId = aDevice();
        await review(s, deviceId);
        return { headers: { ...(await appHeaders(s.a.holder, s.a.app.appId)), 'x-device-id': deviceId }, body: { installToken: await installToken(s, deviceId), rating: 4, text: 'Nice' } };
      },
    },
    'ratings.mine': {
      build: async (s) => ({ headers: await appHeaders(s.a.holder, s.a.app.appId), query: { installToken: await installToken(s, aDevice()) } }),
    },
    'ratings.vote': {
      build: async (s) => {
        const deviceId = aDevice();
        return { params: { reviewId: await review(s) }, headers: { ...(await appHeaders(s.a.holder, s.a.app.appId)), 'x-device-id': deviceId }, body: { installToken: await installToken(s, deviceId), helpful: true } };
      },
    },
    'ratings.report': {
      build: async (s) => {
        const deviceId = aDevice();
        return { params: { reviewId: await review(s) }, headers: { ...(await appHeaders(s.a.holder, s.a.app.appId)), 'x-device-id': deviceId }, body: { installToken: await installToken(s, deviceId), reason: 'spam' } };
      },
    },
    'ratings.queue': { build: async (s) => (await review(s), { query: { pageSize: 10 } }) },
    'ratings.moderate': { build: async (s) => ({ params: { reviewId: await review(s) }, body: { decision: 'hide', reason: 'Spam' } }) },
    'ratings.templates': { build: () => ({}) },
    'ratings.createTemplate': { build: () => ({ body: { name: `Thanks ${Math.random().toString(36).slice(2, 8)}`, text: 'Thank you!' } }) },
    'ratings.updateTemplate': { build: async (s) => ({ params: { templateId: await template(s) }, body: { name: `Renamed ${Math.random().toString(36).slice(2, 8)}`, text: 'Thanks!' } }) },
    'ratings.deleteTemplate': { build: async (s) => ({ params: { templateId: await template(s) } }) },
    'ratings.store': {
      build: async (s) => (await review(s), { params: { appId: s.a.app.appId }, query: { language: 'en' } }),
      reveals: (s) => ({ values: [s.a.app.appId, s.marker, s.marker.replace('A-SECRET-', ''), ...made], why: "an on-shelf app's reviews are public: what its users wrote (the marker is in their text), and their ids" }),
    },
  };
}
