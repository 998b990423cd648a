import { feedbackApi } from '@wharf/contract';
import { SCREENSHOT_PNG } from '../../../../harness/sample-bytes';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';
import { appHeaders } from './app-users';

const aDevice = () => `matrix-feedback-${Math.random().toString(36).slice(2, 10)}`;

/** A fresh feedback on A's app, with the marker in its text and contact. */
async function feedback(s: Seed): Promise<string> {
  const headers = await appHeaders(s.a.holder, s.a.app.appId);
  const res = await s.t.app.inject({ method: 'POST', url: feedbackApi.submitFeedback.fullPath, headers: { ...headers, 'x-device-id': aDevice() }, payload: { text: `Crash ${s.marker}`, contact: 'matrix@example.com' } });
  return (await ok<{ feedbackId: string }>(res, 'feedback')).feedbackId;
}

/** Feedback of A's app: a device's screenshot and feedback, the team's inbox. */
export function feedbackBuilders(): Builders {
  return {
    'feedback.screenshot': { build: async (s) => ({ headers: { ...(await appHeaders(s.a.holder, s.a.app.appId)), 'x-device-id': aDevice() }, query: { contentType: 'image/png' }, raw: SCREENSHOT_PNG }) },
    'feedback.submit': { build: async (s) => ({ headers: { ...(await appHeaders(s.a.holder, s.a.app.appId)), 'x-device-id': aDevice() }, body: { text: 'It crashes', category: 'bug' } }) },
    'feedback.list': { build: async (s) => (await feedback(s), { query: { appId: s.a.app.appId } }) },
    'feedback.get': { build: async (s) => ({ query: { appId: s.a.app.appId, feedbackId: await feedback(s) } }) },
    'feedback.assignees': { build: (s) => ({ query: { appId: s.a.app.appId } }) },
    'feedback.update': { build: async (s) => ({ body: { appId: s.a.app.appId, feedbackId: await feedback(s), state: 'inProgress' } }) },
    'feedback.note': { build: async (s) => ({ body: { appId: s.a.app.appId, feedbackId: await feedback(s), text: 'Looking into it' } }) },
    'feedback.reply': { build: async (s) => ({ body: { appId: s.a.app.appId, feedbackId: await feedback(s), text: 'Fixed in 1.1' } }) },
    'feedback.export': { build: async (s) => (await feedback(s), { query: { appId: s.a.app.appId } }) },
  };
}
