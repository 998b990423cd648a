import { supportApi } from '@wharf/contract';
import { SCREENSHOT_PNG } from '../../../../harness/sample-bytes';
import type { Seed } from '../seed';
import type { Builders } from '../types';
import { ok } from '../answers';

/** A fresh ticket of team A, with the marker in its subject and first message. */
async function ticket(s: Seed): Promise<string> {
  const res = await s.a.holder.call(supportApi.createTicket, { body: { category: 'technical', subject: `Help ${s.marker}`, text: `Stuck ${s.marker}`, appId: s.a.app.appId } });
  return (await ok<{ ticket: { ticketId: string } }>(res, 'support ticket')).ticket.ticketId;
}

/** Team A's tickets to the platform, and the operators' support desk over them. */
export function supportBuilders(): Builders {
  return {
    'support.create': { build: () => ({ body: { category: 'billing', subject: 'Invoice', text: 'Where is my invoice?' } }) },
    'support.list': { build: async (s) => (await ticket(s), {}) },
    'support.get': { build: async (s) => ({ query: { ticketId: await ticket(s) } }) },
    'support.reply': { build: async (s) => ({ body: { ticketId: await ticket(s), text: 'More detail' } }) },
    'support.close': { build: async (s) => ({ body: { ticketId: await ticket(s) } }) },
    'support.rate': {
      build: async (s) => {
        const ticketId = await ticket(s);
        await ok(await s.op.call(supportApi.operatorUpdateTicket, { body: { ticketId, state: 'resolved' } }), 'resolve');
        return { body: { ticketId, score: 4 } };
      },
    },
    'support.attachment': { build: () => ({ query: { fileName: 'shot.png', contentType: 'image/png' }, raw: SCREENSHOT_PNG }) },
    'support.events': { build: () => ({ query: { timeoutSeconds: 1 } }) },
    'support.queue': { build: async (s) => (await ticket(s), {}) },
    'support.operatorGet': { build: async (s) => ({ query: { ticketId: await ticket(s) } }) },
    'support.operatorReply': { build: async (s) => ({ body: { ticketId: await ticket(s), text: 'We are on it' } }) },
    'support.operatorUpdate': { build: async (s) => ({ body: { ticketId: await ticket(s), priority: 'urgent' } }) },
    'support.agents': { build: () => ({}) },
    'support.operatorAttachment': { build: async (s) => ({ query: { ticketId: await ticket(s), fileName: 'fix.png', contentType: 'image/png' }, raw: SCREENSHOT_PNG }) },
    'support.operatorEvents': { build: () => ({ query: { timeoutSeconds: 1 } }) },
  };
}
