import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, feedbackApi, projectApi, type FeedbackDetail } from '@wharf/contract';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { app, APP_ID, project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';

// The feedback inbox with the real providers, router and antd; the request layer is replaced at its boundary.

const OK = { code: 0, msg: 'success' };
const ID = 'fbfbfbfb-fbfb-4bfb-8bfb-fbfbfbfbfbfb';
const MEMBER = 'abababab-abab-4bab-8bab-abababababab';
type Handler = (o: { params?: unknown; body?: unknown; query?: unknown }) => unknown;

function feedback(over: Partial<FeedbackDetail> = {}): FeedbackDetail {
  return {
    feedbackId: ID,
    appId: APP_ID,
    text: 'Crashes when I open a note <b>twice</b>',
    category: 'bug',
    state: 'new',
    assigneeId: null,
    assigneeName: null,
    appVersion: '1.0.3',
    deviceModel: 'Pixel 8',
    os: 'Android 15',
    contact: 'anna@example.com',
    replyByMail: true,
    language: 'en',
    country: 'GB',
    fromAppUser: false,
    screenshots: 1,
    createdAt: '2026-03-09T10:00:00.000Z',
    updatedAt: '2026-03-09T10:00:00.000Z',
    resolvedAt: null,
    screenshotUrls: ['data:image/png;base64,iVBORw0KGgo='],
    notes: [],
    ...over,
  };
}

function handlers(over: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [feedbackApi.listFeedback.id]: () => ({ ret: OK, items: [feedback()], nextCursor: null, counts: { new: 1, inProgress: 0, resolved: 0 } }),
    [feedbackApi.getFeedback.id]: () => ({ ret: OK, feedback: feedback() }),
    [feedbackApi.feedbackAssignees.id]: () => ({ ret: OK, members: [{ userId: MEMBER, name: 'Lee Support' }] }),
    ...over,
  };
}

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('User feedback page', () => {
  it('lists feedback with its state counts, opens one, assigns it and replies by mail, the draft kept until sent', async () => {
    answerCalls(
      callEndpoint,
      handlers({
        [feedbackApi.updateFeedback.id]: ({ body }) => ({ ret: OK, feedback: feedback({ assigneeId: (body as { assigneeId: string }).assigneeId, assigneeName: 'Lee Support' }) }),
        [feedbackApi.replyFeedback.id]: () => ({ ret: OK, feedback: feedback({ state: 'inProgress' }) }),
      }),
    );
    renderApp('en', `#/apps/${APP_ID}/feedback`);
    expect(await screen.findByText('User feedback', { selector: 'h2' })).toBeTruthy();
    expect(await screen.findByText('New: 1')).toBeTruthy();
    // Text is shown as text, never as markup.
    fireEvent.click(await screen.findByText('Crashes when I open a note <b>twice</b>'));
    const panel = await screen.findByTestId('feedback-panel');
    expect(within(panel).getByText('Pixel 8 · Android 15')).toBeTruthy();
    expect(within(panel).getByText('anna@example.com')).toBeTruthy();
    fireEvent.mouseDown(within(panel).getByLabelText('Assignee'));
    fireEvent.click(await screen.findByText('Lee Support', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(callsTo(callEndpoint, feedbackApi.updateFeedback)[0]?.body).toEqual({ appId: APP_ID, feedbackId: ID, assigneeId: MEMBER }));
    fireEvent.change(within(panel).getByLabelText('Reply'), { target: { value: 'Fixed in 1.0.4, thank you!' } });
    expect(JSON.parse(localStorage.getItem(`wharf.feedbackDraft.${ID}.reply`)!)).toBe('Fixed in 1.0.4, thank you!');
    fireEvent.click(within(panel).getByText('Send reply', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, feedbackApi.replyFeedback)).toHaveLength(1));
    expect(callsTo(callEndpoint, feedbackApi.replyFeedback)[0]!.body).toEqual({ appId: APP_ID, feedbackId: ID, text: 'Fixed in 1.0.4, thank you!' });
    await waitFor(() => expect(localStorage.getItem(`wharf.feedbackDraft.${ID}.reply`)).toBeNull());
  });

  it('says what to do when there is none yet, in Russian', async () => {
    answerCalls(callEndpoint, handlers({ [feedbackApi.listFeedback.id]: () => ({ ret: OK, items: [], nextCursor: null, counts: { new: 0, inProgress: 0, resolved: 0 } }) }));
    renderApp('ru', `#/apps/${APP_ID}/feedback`);
    expect(await screen.findByText(/Отзывов пока нет/)).toBeTruthy();
  });

  it('offers only notes when the user left no email address, in Chinese', async () => {
    answerCalls(callEndpoint, handlers({ [feedbackApi.getFeedback.id]: () => ({ ret: OK, feedback: feedback({ contact: '+49 151 2345678', replyByMail: false }) }) }));
    renderApp('cn', `#/apps/${APP_ID}/feedback?id=${ID}`);
    expect(await screen.findByText('用户未留下邮箱：只能添加备注。')).toBeTruthy();
    expect(screen.getByText('添加备注', { selector: 'button span' })).toBeTruthy();
  });
});
