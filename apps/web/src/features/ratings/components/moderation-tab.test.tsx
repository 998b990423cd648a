import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ratingsApi, versionApi, type ModerationItem } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { APP_ID } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { shellHandlers } from '../../../test/shell';

// The reviewers' tab of app reviews, in the review console with the real providers, router and antd.

const OK = { code: 0, msg: 'success' };
const item = (over: Partial<ModerationItem> = {}): ModerationItem => ({
  reviewId: '00000000-0000-4000-8000-000000000401',
  rating: 1,
  text: 'Better app at www.cheap-apps.net',
  language: 'en',
  country: 'DE',
  versionName: '1.0',
  versionCode: 1,
  createdAt: '2026-03-09T12:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
  helpful: 0,
  reply: null,
  state: 'held',
  moderationReason: null,
  author: 'install',
  replyBy: null,
  flags: ['link'],
  reports: 1,
  appId: APP_ID,
  appName: 'Field Notes',
  reportReasons: ['spam'],
  ...over,
});

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('the app reviews tab of the review console', () => {
  it('shows why each review waits and hides one with a reason', async () => {
    let items = [item()];
    answerCalls(callEndpoint, {
      ...shellHandlers({ me: { operatorRoles: ['reviewer'] } }),
      [versionApi.reviewTaskQueue.id]: () => ({ ret: OK, items: [], nextCursor: null }),
      [ratingsApi.moderationQueue.id]: () => ({ ret: OK, items, nextCursor: null, total: items.length }),
      [ratingsApi.moderateReview.id]: () => {
        const done = { ...items[0]!, state: 'hidden' };
        items = [];
        return { ret: OK, review: done };
      },
    });
    renderApp('en', '#/review');
    fireEvent.click(await screen.findByRole('tab', { name: 'App reviews' }));
    const row = (await screen.findByText('Better app at www.cheap-apps.net')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Field Notes')).toBeTruthy();
    expect(within(row).getByText('a link')).toBeTruthy();
    expect(within(row).getByText('reported as spam')).toBeTruthy();
    const hide = within(row).getByRole('button', { name: 'Hide' }) as HTMLButtonElement;
    expect(hide.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Why it is hidden'), { target: { value: 'Advertises another store' } });
    fireEvent.click(hide);
    await waitFor(() => expect(callsTo(callEndpoint, ratingsApi.moderateReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, ratingsApi.moderateReview)[0]).toMatchObject({ params: { reviewId: item().reviewId }, body: { decision: 'hide', reason: 'Advertises another store' } });
    expect(await screen.findByText('Nothing waits for moderation.')).toBeTruthy();
  });
});
