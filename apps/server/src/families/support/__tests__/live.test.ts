import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorApi, supportApi } from '@wharf/contract';
import { TestUser, type TestApp } from '../../../harness';
import { readUntil } from '../../../harness/event-stream';
import { appWithOperator } from '../../../harness/scenarios';

// The live streams over a real socket: each side hears of a change to a ticket it may see, at once.

let t: TestApp;
let op: TestUser;
let base = '';
beforeAll(async () => {
  ({ t, op } = await appWithOperator());
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  await t.close();
});

const watch = (u: TestUser, path: string, seconds = 5) => fetch(`${base}${path}?timeoutSeconds=${seconds}`, { headers: u.socketHeaders });
const open = async (u: TestUser) => (await u.call(supportApi.createTicket, { body: { category: 'technical', subject: 'Live', text: 'Hello?' } })).json().ticket.ticketId as string;

describe('ticket streams', () => {
  it("tell the team of an operator's answer and the operators of the team's words; a note and other teams' tickets stay unheard", async () => {
    const u = await TestUser.register(t);
    const stranger = await TestUser.register(t);
    const ticketId = await open(u);
    const team = await watch(u, supportApi.ticketEvents.fullPath);
    expect(team.status).toBe(200);
    expect(team.headers.get('content-type')).toContain('text/event-stream');
    const others = await watch(stranger, supportApi.ticketEvents.fullPath, 2);
    const desk = await watch(op, supportApi.operatorTicketEvents.fullPath);

    expect((await op.call(supportApi.operatorReplyTicket, { body: { ticketId, text: 'Only for us', internal: true } })).statusCode).toBe(200);
    expect((await op.call(supportApi.operatorReplyTicket, { body: { ticketId, text: 'Hello!' } })).statusCode).toBe(200);
    const heard = await readUntil(team, (s) => s.includes('event: ticket'));
    expect(heard.match(/event: ticket/g)).toHaveLength(1);
    expect(heard).toContain(`data: {"ticketId":"${ticketId}"}`);
    expect((await u.call(supportApi.replyTicket, { body: { ticketId, text: 'Thanks' } })).statusCode).toBe(200);
    const desked = await readUntil(desk, (s) => (s.match(/event: ticket/g) ?? []).length >= 3);
    expect(desked.match(/event: ticket/g)).toHaveLength(3);
    expect(await others.text()).not.toContain('event: ticket');
  });

  it('are refused to a stranger of the desk and without a session', async () => {
    const u = await TestUser.register(t);
    expect((await watch(u, supportApi.operatorTicketEvents.fullPath)).status).toBe(403);
    expect((await fetch(`${base}${supportApi.ticketEvents.fullPath}`)).status).toBe(401);
    // The operators' role list is what lets an account in.
    expect((await op.call(operatorApi.grantOperatorRole, { body: { email: u.email, role: 'support' } })).statusCode).toBe(200);
    await u.login();
    const desk = await watch(u, supportApi.operatorTicketEvents.fullPath, 1);
    expect(desk.status).toBe(200);
    await desk.text();
  });
});
