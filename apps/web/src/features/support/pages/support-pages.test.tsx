import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appApi, supportApi, type SupportTicketDetail } from '@wharf/contract';
import { answerCalls, callsTo, type Handler } from '../../../test/fixtures';
import { shellHandlers } from '../../../test/shell';
import { renderApp } from '../../../test/render';
import { clearSessionCookies, setSessionCookies } from '../../../test/session';
import { callEndpoint } from '../../../test/call-mock';
import { listenEndpoint } from '../../../test/live-mock';
import { loadECharts } from '../../../test/chart-mock';

// The support pages with the real providers, router and antd; the request layer and the live streams are replaced at their boundary.

const OK = { code: 0, msg: 'success' };
const ID = 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1';
const AGENT = 'b2b2b2b2-b2b2-4b2b-8b2b-b2b2b2b2b2b2';
const COUNTS = { open: 1, pending: 0, resolved: 0, closed: 0 };

function ticket(over: Partial<SupportTicketDetail> = {}): SupportTicketDetail {
  return {
    ticketId: ID,
    number: 42,
    teamId: 'team',
    teamName: 'Acme',
    appId: null,
    appName: 'Notes',
    category: 'distribution',
    priority: 'normal',
    subject: 'Update not offered',
    state: 'open',
    requesterId: 'me',
    requesterName: 'Anna',
    assigneeId: null,
    assigneeName: null,
    responseDueAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    firstResponseAt: null,
    lastAuthor: 'team',
    lastMessageAt: '2026-12-01T08:00:00.000Z',
    messages: 1,
    rating: null,
    createdAt: '2026-12-01T08:00:00.000Z',
    updatedAt: '2026-12-01T08:00:00.000Z',
    resolvedAt: null,
    closedAt: null,
    thread: [{ messageId: 'm1', author: 'team', authorName: 'Anna', text: 'Devices on 1.0 are not offered <b>1.1</b>', attachments: [], createdAt: '2026-12-01T08:00:00.000Z' }],
    ...over,
  };
}

const teamHandlers = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
  ...shellHandlers(),
  [supportApi.listTickets.id]: () => ({ ret: OK, items: [ticket()], total: 1, counts: COUNTS }),
  [supportApi.getTicket.id]: () => ({ ret: OK, ticket: ticket() }),
  [appApi.appList.id]: () => ({ ret: OK, items: [], nextCursor: null, total: 0 }),
  ...over,
});

beforeEach(() => setSessionCookies({ siteId: 8 }));
afterEach(() => {
  callEndpoint.mockReset();
  clearSessionCookies();
  localStorage.clear();
});

describe('the team side', () => {
  it('says what to do before the first ticket, and the top menu leads there (Russian)', async () => {
    answerCalls(callEndpoint, teamHandlers({ [supportApi.listTickets.id]: () => ({ ret: OK, items: [], total: 0, counts: { open: 0, pending: 0, resolved: 0, closed: 0 } }) }));
    renderApp('ru', '#/support');
    expect(await screen.findByText('Обращений пока нет')).toBeTruthy();
    expect(screen.getAllByText('Новое обращение', { selector: 'button span' })).toHaveLength(2);
    expect(within(screen.getByRole('menu')).getByText('Поддержка')).toBeTruthy();
    expect(within(screen.getByRole('menu')).queryByText('Служба поддержки')).toBeNull();
  });

  it('opens a ticket from the form, its words kept on the device until sent', async () => {
    answerCalls(callEndpoint, teamHandlers({ [supportApi.createTicket.id]: () => ({ ret: OK, ticket: ticket() }) }));
    renderApp('en', '#/support/new');
    expect(await screen.findByText('New support ticket')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Category'));
    fireEvent.click(await screen.findByText('Release and distribution', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByText('Urgent'));
    expect(await screen.findByText('Support answers within 4 h')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Update not offered' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Devices on 1.0 see nothing.' } });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('wharf.supportNewTicket.new')!)).toMatchObject({ subject: 'Update not offered', priority: 'urgent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send ticket' }));
    await waitFor(() => expect(callsTo(callEndpoint, supportApi.createTicket)).toHaveLength(1));
    expect(callsTo(callEndpoint, supportApi.createTicket)[0]!.body).toEqual({ category: 'distribution', priority: 'urgent', appId: null, subject: 'Update not offered', text: 'Devices on 1.0 see nothing.', attachmentTokens: [] });
    expect(await screen.findByText('#42 Update not offered')).toBeTruthy();
    expect(localStorage.getItem('wharf.supportNewTicket.new')).toBeNull();
  });

  it("shows an operator's answer as soon as the stream tells of it, the words as text", async () => {
    let current = ticket();
    answerCalls(callEndpoint, teamHandlers({ [supportApi.getTicket.id]: () => ({ ret: OK, ticket: current }) }));
    renderApp('en', `#/support/${ID}`);
    expect(await screen.findByText('Devices on 1.0 are not offered <b>1.1</b>')).toBeTruthy();
    expect(screen.getByText('Waiting for support')).toBeTruthy();
    const stream = () => listenEndpoint.mock.calls.find(([endpoint]) => endpoint.id === supportApi.ticketEvents.id)?.[1];
    await waitFor(() => expect(stream()).toBeTruthy());
    current = ticket({ state: 'pending', thread: [...current.thread, { messageId: 'm2', author: 'operator', authorName: 'Sam', text: 'Fixed, please check.', attachments: [], createdAt: '2026-12-01T09:00:00.000Z' }] });
    act(() => stream()!.onEvent('ticket', JSON.stringify({ ticketId: ID })));
    expect(await screen.findByText('Fixed, please check.')).toBeTruthy();
    expect(screen.getByText('Sam · Wharf support')).toBeTruthy();
    expect(screen.getByText('Waiting for you')).toBeTruthy();
  });

  it('asks for a rating once resolved, and sends it (Chinese)', async () => {
    answerCalls(
      callEndpoint,
      teamHandlers({
        [supportApi.getTicket.id]: () => ({ ret: OK, ticket: ticket({ state: 'resolved', responseDueAt: null }) }),
        [supportApi.rateTicket.id]: () => ({ ret: OK, ticket: ticket({ state: 'closed', rating: { score: 4, comment: null, ratedAt: '2026-12-01T10:00:00.000Z' } }) }),
      }),
    );
    renderApp('cn', `#/support/${ID}`);
    expect(await screen.findByText('您对本次服务满意吗？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('radio')[3]!);
    fireEvent.click(screen.getByText('提交评价', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, supportApi.rateTicket)[0]?.body).toEqual({ ticketId: ID, score: 4 }));
    expect(await screen.findByText('您的评价')).toBeTruthy();
  });
});

describe('the support desk', () => {
  const deskHandlers = (over: Record<string, Handler> = {}): Record<string, Handler> => ({
    ...shellHandlers({ me: { operatorRoles: ['support'] } }),
    [supportApi.queueTickets.id]: () => ({ ret: OK, items: [ticket()], total: 1, counts: COUNTS, breached: 2, satisfaction: { ratings: 3, average: 4.33, byScore: [0, 0, 0, 2, 1] } }),
    [supportApi.operatorGetTicket.id]: () => ({ ret: OK, ticket: ticket({ thread: [...ticket().thread, { messageId: 'n', author: 'note', authorName: 'Sam', text: 'Check the rollout', attachments: [], createdAt: '2026-12-01T08:30:00.000Z' }] }) }),
    [supportApi.supportAgents.id]: () => ({ ret: OK, agents: [{ userId: AGENT, name: 'Sam' }] }),
    ...over,
  });

  it('lists what waits with its time left, the breached count and satisfaction', async () => {
    // A fake ECharts: the real one, once loaded, would stay loaded for the worker's next files.
    loadECharts.mockImplementation(async () => ({ init: () => ({ setOption() {}, resize() {}, dispose() {} }) }) as never);
    answerCalls(callEndpoint, deskHandlers());
    renderApp('en', '#/support-desk');
    expect(await screen.findByText('Support desk', { selector: 'h2' })).toBeTruthy();
    expect(await screen.findByText(/^Answer due in 4 h|^Answer due in 5 h/)).toBeTruthy();
    expect(screen.getByText('Past their response time')).toBeTruthy();
    expect(screen.getByText('Ratings: 3')).toBeTruthy();
    expect(callsTo(callEndpoint, supportApi.queueTickets)[0]!.query).toMatchObject({ state: 'open', sort: 'due', pageNo: 1 });
    expect(within(screen.getByRole('menu')).getByText('Support desk')).toBeTruthy();
  });

  it('answers and resolves, or adds a note only operators see', async () => {
    answerCalls(callEndpoint, deskHandlers({ [supportApi.operatorReplyTicket.id]: () => ({ ret: OK, ticket: ticket({ state: 'resolved' }) }) }));
    renderApp('en', `#/support-desk/${ID}`);
    expect(await screen.findByText('Internal note · Sam')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer the team' }), { target: { value: 'Fixed on our side.' } });
    fireEvent.click(screen.getByText('Send and resolve', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(callEndpoint, supportApi.operatorReplyTicket)[0]?.body).toEqual({ ticketId: ID, text: 'Fixed on our side.', attachmentTokens: [], internal: false, then: 'resolved' }));
  });
});
