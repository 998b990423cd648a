import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { analyticsApi, appApi, appMessagingApi as api, projectApi, type Message, type MessageInput } from '@wharf/contract';
import { callEndpoint } from '../../../test/call-mock';
import { loadECharts } from '../../../test/chart-mock';
import { answerCalls, callsTo } from '../../../test/fixtures';
import { app, APP_ID, project } from '../../../test/publishing';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { shellHandlers } from '../../../test/shell';

const OK = { code: 0, msg: 'success' };
const AT = '2026-03-09T12:00:00.000Z';
const MESSAGE_ID = '00000000-0000-4000-8000-000000000300';

const messageOf = (input: MessageInput, state: Message['state'] = 'draft'): Message => ({
  messageId: MESSAGE_ID,
  appId: APP_ID,
  state,
  name: input.name,
  kind: input.kind,
  priority: input.priority ?? 5,
  defaultLanguage: input.defaultLanguage,
  contents: input.contents.map((c) => ({ language: c.language, title: c.title ?? '', body: c.body ?? '', imageObjectId: c.imageObjectId ?? null, buttons: (c.buttons ?? []).map((b) => ({ text: b.text, action: b.action, target: b.target ?? null })) })),
  trigger: input.trigger.kind === 'launch' ? { kind: 'launch' } : { kind: 'event', event: input.trigger.event, conditions: [] },
  targeting: { minVersion: null, maxVersion: null, countries: [], languages: [], audienceIds: [], percentile: null },
  schedule: { startAt: input.schedule.startAt, endAt: null, timeZone: 'UTC', days: [], hours: null },
  caps: { perDay: 1, perCampaign: null },
  conversionEvent: null,
  timeline: [{ action: 'create', at: AT, by: null }],
  createdAt: AT,
  updatedAt: AT,
});

function serve() {
  let messages: Message[] = [];
  answerCalls(callEndpoint, {
    ...shellHandlers(),
    [projectApi.getProject.id]: () => ({ ret: OK, project: project() }),
    [appApi.getApp.id]: () => ({ ret: OK, app: app() }),
    [analyticsApi.listAudiences.id]: () => ({ ret: OK, audiences: [] }),
    [api.listMessages.id]: () => ({ ret: OK, messages }),
    [api.createMessage.id]: (o) => ((messages = [messageOf(o.body as MessageInput)]), { ret: OK, message: messages[0] }),
    [api.setMessageState.id]: () => ((messages = [{ ...messages[0]!, state: 'running', timeline: [...messages[0]!.timeline, { action: 'publish', at: AT, by: null }] }]), { ret: OK, message: messages[0] }),
    [api.messageStatistics.id]: () => ({ ret: OK, stats: { days: [{ day: '2026-03-09', impressions: 4, clicks: 1, dismissals: 2, conversions: 0 }], totals: { impressions: 4, clicks: 1, dismissals: 2, conversions: 0 } } }),
  });
}

beforeEach(() => {
  setSessionCookies({ siteId: 8 });
  localStorage.clear();
  loadECharts.mockImplementation(async () => ({ init: () => ({ setOption() {}, resize() {}, dispose() {} }) }) as never);
});
afterEach(() => {
  callEndpoint.mockReset();
  loadECharts.mockReset();
  clearSessionCookies();
});

describe('the App Messaging page', () => {
  it('makes a pop-up with its preview showing typed markup as text, publishes it, and opens its timeline and statistics', async () => {
    serve();
    renderApp('en', `#/apps/${APP_ID}/app-messaging`);
    expect(await screen.findByText('No messages yet. Choose Create message: it stays a draft until you publish it.')).toBeTruthy();
    fireEvent.click(screen.getByText('Create message').closest('button')!);
    const drawer = (await screen.findByText('New message')).closest('.ant-drawer') as HTMLElement;
    fireEvent.change(within(drawer).getByLabelText('Name'), { target: { value: 'Level up offer' } });
    fireEvent.change(within(drawer).getByLabelText('Title'), { target: { value: 'Well done' } });
    fireEvent.change(within(drawer).getByLabelText('Text'), { target: { value: 'Take <b>50 gems</b>' } });
    const phone = within(drawer).getByRole('img', { name: 'The message on a phone' });
    await waitFor(() => expect(phone.textContent).toContain('Take <b>50 gems</b>'));
    expect(phone.querySelector('b')).toBeNull();
    fireEvent.click(within(drawer).getByText('When the app logs an event'));
    fireEvent.change(await within(drawer).findByLabelText('Event'), { target: { value: 'level_up' } });
    fireEvent.click(within(drawer).getByText('Save').closest('button')!);
    await waitFor(() => expect(callsTo(callEndpoint, api.createMessage)).toHaveLength(1));
    expect(callsTo(callEndpoint, api.createMessage)[0]!.body).toMatchObject({ name: 'Level up offer', kind: 'popup', trigger: { kind: 'event', event: 'level_up' }, contents: [{ language: 'enUS', title: 'Well done', body: 'Take <b>50 gems</b>' }] });
    const row = (await screen.findByText('Level up offer')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Publish').closest('button')!);
    expect(await within(row).findByText('Running')).toBeTruthy();
    fireEvent.click(within(row).getByText('Level up offer'));
    const detail = (await screen.findByText('Timeline')).closest('.ant-drawer') as HTMLElement;
    expect(within(detail).getByText(/^Published/)).toBeTruthy();
    expect(await within(detail).findByText('25 %')).toBeTruthy();
  });
});
