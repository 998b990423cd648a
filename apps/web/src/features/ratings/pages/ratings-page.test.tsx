import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ratingsApi, teamApi, type AppReview } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { answerCalls, callsTo, permissionsOf, type Handler } from '../../../test/fixtures';
import { APP_ID, appShellHandlers } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';

// The Ratings and reviews page with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const review = (i: number, over: Partial<AppReview> = {}): AppReview => ({
  reviewId: `00000000-0000-4000-8000-00000000020${i}`,
  rating: 2,
  text: `Review ${i}`,
  language: 'ru',
  country: 'DE',
  versionName: '1.0.10',
  versionCode: 10,
  createdAt: '2026-03-09T12:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
  helpful: 0,
  reply: null,
  author: 'install',
  replyBy: null,
  state: 'visible',
  moderationReason: null,
  flags: [],
  reports: 0,
  ...over,
});

function serve(items: AppReview[], over: Record<string, Handler> = {}) {
  let shown = items;
  answerCalls(callEndpoint, {
    ...appShellHandlers(),
    [ratingsApi.listReviews.id]: ({ query }) => {
      const stars = (query as { stars?: string }).stars;
      const matching = stars ? shown.filter((r) => stars.split(',').includes(String(r.rating))) : shown;
      return { ret: OK, items: matching, nextCursor: null, total: matching.length };
    },
    [ratingsApi.reviewSummary.id]: () => ({
      ret: OK,
      summary: { count: shown.length, average: shown.length ? 2.5 : null, distribution: [1, 1, 0, 0, 0] },
      versions: [{ versionName: '1.0.10', count: shown.length, average: 2.5 }],
      days: [{ day: '2026-03-09', count: 2, average: 2.5 }],
    }),
    [ratingsApi.listReplyTemplates.id]: () => ({ ret: OK, items: [{ templateId: '00000000-0000-4000-8000-000000000501', name: 'Crash fixed', text: 'Sorry! Fixed in the latest version.', updatedAt: '2026-03-09T12:00:00.000Z' }] }),
    [ratingsApi.createReplyTemplate.id]: ({ body }) => ({ ret: OK, template: { templateId: '00000000-0000-4000-8000-000000000502', ...(body as object), updatedAt: '2026-03-10T12:00:00.000Z' } }),
    [ratingsApi.replyToReview.id]: ({ body }) => {
      const { reviewId, text } = body as { reviewId: string; text: string };
      shown = shown.map((r) => (r.reviewId === reviewId ? { ...r, reply: { text, createdAt: '2026-03-10T09:00:00.000Z', updatedAt: '2026-03-10T09:00:00.000Z' } } : r));
      return { ret: OK, review: shown.find((r) => r.reviewId === reviewId) };
    },
    ...over,
  });
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
});

describe('Ratings and reviews page', () => {
  it('says where reviews come from while there are none', async () => {
    serve([]);
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    expect(await screen.findByText(/No ratings yet\. Users rate the app from their devices after downloading it/)).toBeTruthy();
  });

  it('shows the average and the reviews as typed, filters by stars through the address, and publishes a reply', async () => {
    serve([review(1, { rating: 1, text: '<b>Crashes</b> 😞' }), review(2, { rating: 2, helpful: 3 })]);
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    expect(await screen.findByText('<b>Crashes</b> 😞')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByTestId('average').textContent).toBe('2.5');
    expect(screen.getByText('Matching reviews: 2')).toBeTruthy();
    expect(screen.getByText(/Helpful to readers: 3/)).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '1 ★' }));
    await waitFor(() => expect(callsTo(callEndpoint, ratingsApi.listReviews).at(-1)!.query).toMatchObject({ stars: '1' }));
    expect(window.location.hash).toContain('stars=1');
    expect(await screen.findByText('Matching reviews: 1')).toBeTruthy();

    const card = (await screen.findByText('<b>Crashes</b> 😞')).closest('[data-testid="review"]') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(card).getByLabelText('Your reply'), { target: { value: 'Fixed in 1.0.11, sorry!' } });
    expect(localStorage.getItem(`wharf.replyDraft.${review(1).reviewId}`)).toBe(JSON.stringify('Fixed in 1.0.11, sorry!'));
    fireEvent.click(within(card).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(callsTo(callEndpoint, ratingsApi.replyToReview)).toHaveLength(1));
    expect(callsTo(callEndpoint, ratingsApi.replyToReview)[0]!.body).toEqual({ reviewId: review(1).reviewId, text: 'Fixed in 1.0.11, sorry!' });
    expect(await screen.findByText('Fixed in 1.0.11, sorry!')).toBeTruthy();
    expect(localStorage.getItem(`wharf.replyDraft.${review(1).reviewId}`)).toBeNull();
  });

  it('inserts a reply template into the reply, to be changed before publishing', async () => {
    serve([review(1)]);
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    const card = (await screen.findByText('Review 1')).closest('[data-testid="review"]') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Reply' }));
    fireEvent.mouseDown(await within(card).findByLabelText('Insert a template'));
    fireEvent.click(await screen.findByText('Crash fixed', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect((within(card).getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('Sorry! Fixed in the latest version.'));
  });

  it('keeps the team\'s reply templates in a drawer: lists them and adds one', async () => {
    serve([review(1)]);
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    fireEvent.click(await screen.findByRole('button', { name: 'Reply templates' }));
    const drawer = (await screen.findByText('Crash fixed')).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add template' }));
    expect(await within(drawer).findByText('Name the template')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Thanks' } });
    fireEvent.change(within(drawer).getByLabelText('Text'), { target: { value: 'Thank you for the kind words!' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Add template' }));
    await waitFor(() => expect(callsTo(callEndpoint, ratingsApi.createReplyTemplate)).toHaveLength(1));
    expect(callsTo(callEndpoint, ratingsApi.createReplyTemplate)[0]!.body).toEqual({ name: 'Thanks', text: 'Thank you for the kind words!' });
  });

  it('opens a reply left unfinished on this device where it was left', async () => {
    localStorage.setItem(`wharf.replyDraft.${review(1).reviewId}`, JSON.stringify('Half a tho'));
    serve([review(1)]);
    renderApp('ru', `#/apps/${APP_ID}/ratings`);
    expect(((await screen.findByLabelText('Ваш ответ')) as HTMLTextAreaElement).value).toBe('Half a tho');
  });

  it('says which reviews wait for the platform\'s moderators and which it hid, and why', async () => {
    serve([review(1, { state: 'held', flags: ['link'] }), review(2, { state: 'hidden', moderationReason: 'Advertises another store', reports: 2 })]);
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    expect(await screen.findByText("Waiting for the platform's moderators: a link")).toBeTruthy();
    expect(screen.getByText('Hidden by the platform: Advertises another store')).toBeTruthy();
    expect(screen.getByText('Reported by readers: 2')).toBeTruthy();
  });

  it('offers no reply to a member who may not reply', async () => {
    serve([review(1)], { [teamApi.userPermission.id]: () => permissionsOf('operations') });
    renderApp('en', `#/apps/${APP_ID}/ratings`);
    expect(await screen.findByText('Review 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
