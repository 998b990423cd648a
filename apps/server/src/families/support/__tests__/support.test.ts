import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operatorApi, supportApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { SCREENSHOT_PNG } from '../../../harness/sample-bytes';
import { appWithOperator, newApp } from '../../../harness/scenarios';
import { teamWithMember } from '../../../harness/scenarios/team';

let t: TestApp;
let op: TestUser;
let agent: TestUser;
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
  agent = await TestUser.register(t, { displayName: 'Agent Smith' });
  expect((await op.call(operatorApi.grantOperatorRole, { body: { email: agent.email, role: 'support' } })).statusCode).toBe(200);
  await agent.login();
  await agent.whoAmI();
});
afterAll(() => t.close());
// The test clock moves days ahead: each test signs the operators in afresh.
beforeEach(async () => {
  await op.login();
  await agent.login();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const upload = (u: TestUser, bytes: Buffer, fileName: string, contentType: string) =>
  u.call(supportApi.uploadAttachment, { query: { fileName, contentType }, raw: bytes });
const open = async (u: TestUser, over: Record<string, unknown> = {}) => {
  const res = await u.call(supportApi.createTicket, { body: { category: 'distribution', subject: 'Update not offered', text: 'Devices on 1.0 are not offered 1.1.', ...over } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().ticket as { ticketId: string; number: number; responseDueAt: string; state: string };
};
const mails = async (kind: string) =>
  (await t.deps.database.executeSql(`select "to", subject, text from mail_outbox where kind = $1 order by created_at, id`, [kind])).rows as Array<{ to: string; subject: string; text: string }>;
/** Mails about ticket number n. */
const about = (n: number) => (m: { subject: string }) => new RegExp(`#${n}\\b`).test(m.subject);
const audit = async (ticketId: string) =>
  ((await t.deps.database.executeSql(`select action, team_id from audit_events where target_id = $1 order by at, id`, [ticketId])).rows as Array<{ action: string; team_id: string | null }>);

describe('a support ticket from the team to the platform', () => {
  it('opens with an app and an attachment, waits 24 hours for the operators, and the support desk is mailed', async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const { appId } = await newApp(holder);
    const att = await upload(member, PDF, 'crash log.pdf', 'application/pdf');
    expect(att.statusCode, att.body).toBe(200);
    const ticket = await open(member, { appId, attachmentTokens: [att.json().attachmentToken], priority: 'normal' });
    expect(ticket).toMatchObject({ state: 'open', appId, requesterName: 'Member', messages: 1, lastAuthor: 'team' });
    expect(new Date(ticket.responseDueAt).getTime() - t.clock.now().getTime()).toBe(24 * 3_600_000);
    const thread = (ticket as unknown as { thread: Array<{ author: string; attachments: Array<{ fileName: string; url: string }> }> }).thread;
    expect(thread[0]!.attachments[0]!.fileName).toBe('crash log.pdf');
    const file = await t.app.inject({ method: 'GET', url: thread[0]!.attachments[0]!.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    const created = (await mails('support-created')).filter((m) => about(ticket.number)(m));
    expect(created.map((m) => m.to).sort()).toEqual([agent.email, 'ops@example.com'].sort());
    expect(created[0]!.text).toContain(`#/support-desk/${ticket.ticketId}`);
    // The holder sees the team's ticket too; the list counts by state.
    const list = (await holder.call(supportApi.listTickets)).json();
    expect(list.items.map((x: { ticketId: string }) => x.ticketId)).toContain(ticket.ticketId);
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
  });

  it('goes back and forth: an answer mailed to the requester, a note the team never sees, resolved, rated, closed', async () => {
    const u = await TestUser.register(t, { displayName: 'Requester' });
    const ticket = await open(u, { priority: 'urgent', category: 'review' });
    t.clock.advance(60_000);
    const note = await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: ticket.ticketId, text: 'Looks like the review queue stuck', internal: true } });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().ticket).toMatchObject({ state: 'open', messages: 1, assigneeId: null });
    t.clock.advance(60_000);
    const answer = await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: ticket.ticketId, text: 'We restarted the review; please check.' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().ticket).toMatchObject({ state: 'pending', responseDueAt: null, assigneeName: 'Agent Smith', lastAuthor: 'operator', messages: 2 });
    expect(answer.json().ticket.thread.map((m: { author: string }) => m.author)).toEqual(['team', 'note', 'operator']);
    const seen = (await u.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } })).json().ticket;
    expect(seen.thread.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['team', 'Devices on 1.0 are not offered 1.1.'],
      ['operator', 'We restarted the review; please check.'],
    ]);
    const [mail] = (await mails('support-answered')).filter((m) => m.to === u.email);
    expect(mail!.subject).toContain(`#${ticket.number}`);
    expect(mail!.text).toContain('We restarted the review; please check.');
    expect(mail!.text).toContain(`#/support/${ticket.ticketId}`);

    // The team writes again: the ticket waits for the operators, 4 hours from now (urgent).
    t.clock.advance(3_600_000);
    await u.login();
    const again = (await u.call(supportApi.replyTicket, { body: { ticketId: ticket.ticketId, text: 'Still in review.' } })).json().ticket;
    expect(again.state).toBe('open');
    expect(new Date(again.responseDueAt).getTime() - t.clock.now().getTime()).toBe(4 * 3_600_000);
    expect((await mails('support-teamReplied')).filter((m) => about(ticket.number)(m)).map((m) => m.to)).toEqual([agent.email]);

    // Rating waits for the resolution.
    expect((await u.call(supportApi.rateTicket, { body: { ticketId: ticket.ticketId, score: 5 } })).statusCode).toBe(409);
    t.clock.advance(60_000);
    await agent.login();
    const resolved = await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: ticket.ticketId, text: 'Approved now.', then: 'resolved' } });
    expect(resolved.json().ticket).toMatchObject({ state: 'resolved', resolvedAt: expect.any(String) });
    expect((await mails('support-resolved')).some((m) => m.to === u.email)).toBe(true);
    const rated = await u.call(supportApi.rateTicket, { body: { ticketId: ticket.ticketId, score: 5, comment: 'Quick, thanks' } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().ticket).toMatchObject({ state: 'closed', rating: { score: 5, comment: 'Quick, thanks' } });
    expect((await u.call(supportApi.rateTicket, { body: { ticketId: ticket.ticketId, score: 1 } })).statusCode).toBe(409);
    const closedReply = await u.call(supportApi.replyTicket, { body: { ticketId: ticket.ticketId, text: 'one more' } });
    expect(closedReply.statusCode).toBe(409);
    expect(closedReply.json().ret.msg).toMatch(/closed/);

    const queue = (await agent.call(supportApi.queueTickets, { query: { state: 'closed', q: `#${ticket.number}` } })).json();
    expect(queue.items.map((x: { ticketId: string }) => x.ticketId)).toEqual([ticket.ticketId]);
    expect(queue.satisfaction.ratings).toBeGreaterThanOrEqual(1);
    expect(queue.satisfaction.byScore[4]).toBeGreaterThanOrEqual(1);
    const actions = await audit(ticket.ticketId);
    expect(actions.map((a) => a.action)).toEqual(['support.create', 'support.note', 'support.answer', 'support.reply', 'support.answer', 'support.rate']);
    // The internal note stays out of the team's audit log.
    expect(actions.find((a) => a.action === 'support.note')!.team_id).toBeNull();
  });
});

describe('attachments', () => {
  it('are checked by their first bytes, used once, and only by the team that uploaded them', async () => {
    const u = await TestUser.register(t);
    const other = await TestUser.register(t);
    expect((await upload(u, SCREENSHOT_PNG, 'shot.pdf', 'application/pdf')).statusCode).toBe(400);
    expect((await upload(u, Buffer.from([0x41, 0x00, 0x42]), 'log.txt', 'text/plain')).statusCode).toBe(400);
    const wrongType = await upload(u, PDF, 'x.exe', 'application/x-msdownload');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().ret.msg).not.toMatch(/contentType\.|\[object/);
    const text = await upload(u, Buffer.from('2026-12-01 08:00 ERROR sync failed\n'), 'app.log', 'text/plain');
    expect(text.statusCode, text.body).toBe(200);
    const token = text.json().attachmentToken;
    expect((await other.call(supportApi.createTicket, { body: { category: 'other', subject: 'Steal', text: 'x', attachmentTokens: [token] } })).statusCode).toBe(400);
    await open(u, { attachmentTokens: [token] });
    expect((await u.call(supportApi.createTicket, { body: { category: 'other', subject: 'Again', text: 'x', attachmentTokens: [token] } })).statusCode).toBe(400);
  });

  it('from an operator belong to one open ticket', async () => {
    const u = await TestUser.register(t);
    const a = await open(u);
    const b = await open(u);
    const att = await agent.call(supportApi.operatorUploadAttachment, { query: { ticketId: a.ticketId, fileName: 'fix.png', contentType: 'image/png' }, raw: SCREENSHOT_PNG });
    expect(att.statusCode, att.body).toBe(200);
    const token = att.json().attachmentToken;
    expect((await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: b.ticketId, text: 'wrong ticket', attachmentTokens: [token] } })).statusCode).toBe(400);
    const ok = await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: a.ticketId, text: 'See the picture', attachmentTokens: [token] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().ticket.thread[1].attachments[0]).toMatchObject({ fileName: 'fix.png', contentType: 'image/png' });
  });
});

describe('who reaches a ticket', () => {
  it("keeps teams apart, an App administrator to their apps' tickets and their own, and the desk to operators", async () => {
    const { holder, member } = await teamWithMember(t, ['customerService']);
    const stranger = await TestUser.register(t);
    const ticket = await open(holder);
    for (const call of [
      stranger.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } }),
      stranger.call(supportApi.replyTicket, { body: { ticketId: ticket.ticketId, text: 'hi' } }),
      stranger.call(supportApi.closeTicket, { body: { ticketId: ticket.ticketId } }),
    ]) expect((await call).statusCode).toBe(404);
    expect((await stranger.call(supportApi.listTickets)).json().items).toEqual([]);
    expect((await member.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } })).statusCode).toBe(200);
    expect((await member.call(supportApi.queueTickets)).statusCode).toBe(403);
    expect((await holder.call(supportApi.operatorReplyTicket, { body: { ticketId: ticket.ticketId, text: 'I am support' } })).statusCode).toBe(403);

    const { appId } = await newApp(holder);
    const scoped = await TestUser.register(t, { displayName: 'Scoped' });
    const { invitationToken } = await import('../../../harness/scenarios/team');
    const { teamApi } = await import('@wharf/contract');
    expect((await holder.call(teamApi.createSubUser, { body: { email: scoped.email, roles: ['appAdministrator'], appIds: [appId] } })).statusCode).toBe(200);
    expect((await scoped.call(teamApi.acceptInvitation, { body: { token: await invitationToken(t, scoped.email) } })).statusCode).toBe(200);
    scoped.absorb(await scoped.call(teamApi.switchTeam, { body: { teamId: holder.teamId } }));
    scoped.teamId = holder.teamId;
    const aboutApp = await open(holder, { appId, subject: 'About the app' });
    const own = await open(scoped, { subject: 'Mine' });
    const seen = (await scoped.call(supportApi.listTickets)).json().items.map((x: { ticketId: string }) => x.ticketId).sort();
    expect(seen).toEqual([aboutApp.ticketId, own.ticketId].sort());
    expect((await scoped.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } })).statusCode).toBe(404);
  });
});

describe('timers', () => {
  it('mail the desk once when a waiting ticket passes its response time; a priority change moves the due time', async () => {
    const u = await TestUser.register(t);
    const ticket = await open(u, { subject: 'Breach me' });
    const raised = await agent.call(supportApi.operatorUpdateTicket, { body: { ticketId: ticket.ticketId, priority: 'high', assigneeId: agent.userId } });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(new Date(raised.json().ticket.responseDueAt).getTime() - new Date(ticket.responseDueAt).getTime()).toBe(-16 * 3_600_000);
    const answered = await open(u, { subject: 'Answered in time', priority: 'high' });
    await agent.call(supportApi.operatorReplyTicket, { body: { ticketId: answered.ticketId, text: 'On it' } });
    t.clock.advance(8 * 3_600_000 + 1000);
    await t.deps.dueActions.runDue();
    await t.deps.dueActions.runDue();
    await agent.login();
    const breached = await mails('support-breached');
    expect(breached.filter((m) => about(ticket.number)(m)).map((m) => m.to)).toEqual([agent.email]);
    expect(breached.some((m) => about(answered.number)(m))).toBe(false);
    expect((await agent.call(supportApi.queueTickets, { query: { state: 'open' } })).json().breached).toBeGreaterThanOrEqual(1);
  });

  it('close a resolved ticket after a week, which can still be rated', async () => {
    const u = await TestUser.register(t);
    const ticket = await open(u);
    await agent.call(supportApi.operatorUpdateTicket, { body: { ticketId: ticket.ticketId, state: 'resolved' } });
    t.clock.advance(6 * 86_400_000);
    await t.deps.dueActions.runDue();
    await u.login();
    expect((await u.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } })).json().ticket.state).toBe('resolved');
    t.clock.advance(86_400_000 + 1000);
    await t.deps.dueActions.runDue();
    await u.login();
    expect((await u.call(supportApi.getTicket, { query: { ticketId: ticket.ticketId } })).json().ticket.state).toBe('closed');
    expect((await audit(ticket.ticketId)).map((a) => a.action)).toContain('support.autoClose');
    expect((await u.call(supportApi.rateTicket, { body: { ticketId: ticket.ticketId, score: 2 } })).json().ticket.rating.score).toBe(2);
  });
});
