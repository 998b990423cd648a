import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { attachmentAnswer, attachmentQuery } from './calls';
import { attachmentTokens, paging, SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATES, supportCounts, supportText, supportTicket, supportTicketDetail } from './schemas';

/** The platform's support desk: the operators' queue of every team's tickets. */
const PREFIX = 'mysupport/v1/operator';
const AGENT = 'operator:support';
const one = { ticketId: z.uuid() };

export const queueTickets = defineEndpoint({
  id: 'support.queue',
  method: 'GET',
  prefix: PREFIX,
  path: '/tickets',
  access: AGENT,
  summary:
    'Every team’s tickets by state, assignee, category, priority and words; `due` puts the soonest due first (those waiting for the operators), `updated` the latest activity; with the count in each state, the breached ones, and satisfaction over 30 days',
  query: z.object({
    state: z.enum(SUPPORT_STATES).optional(),
    /** `me`, `none` or an operator's id. */
    assignee: z.union([z.enum(['me', 'none']), z.uuid()]).optional(),
    category: z.enum(SUPPORT_CATEGORIES).optional(),
    priority: z.enum(SUPPORT_PRIORITIES).optional(),
    /** Words the subject or the team's name contain, or a ticket number. */
    q: z.string().trim().max(100).optional(),
    sort: z.enum(['due', 'updated']).default('due'),
    ...paging,
  }),
  response: okResponse({
    items: z.array(supportTicket),
    total: z.number().int(),
    counts: supportCounts,
    /** Tickets waiting for the operators past their due time. */
    breached: z.number().int(),
    satisfaction: z.object({ ratings: z.number().int(), average: z.number().nullable(), byScore: z.array(z.number().int()).length(5) }),
  }),
});

export const operatorGetTicket = defineEndpoint({
  id: 'support.operatorGet',
  method: 'GET',
  prefix: PREFIX,
  path: '/ticket',
  access: AGENT,
  summary: 'One ticket with its whole conversation, internal notes included',
  query: z.object(one),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const operatorReplyTicket = defineEndpoint({
  id: 'support.operatorReply',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/message',
  access: AGENT,
  summary:
    'Answers the team (mailed to whoever opened the ticket) and leaves the ticket waiting for them (`pending`) or `resolved`; an internal note changes nothing the team sees; an unassigned ticket becomes the answering operator’s; 409 once closed',
  body: z.object({ ...one, text: supportText, attachmentTokens, internal: z.boolean().default(false), then: z.enum(['pending', 'resolved']).default('pending') }),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const operatorUpdateTicket = defineEndpoint({
  id: 'support.operatorUpdate',
  method: 'PUT',
  prefix: PREFIX,
  path: '/ticket',
  access: AGENT,
  summary: 'Assigns the ticket to an operator of the support desk (null: nobody), changes its priority (its due time follows), or resolves or opens it again',
  body: z.object({ ...one, assigneeId: z.uuid().nullable().optional(), priority: z.enum(SUPPORT_PRIORITIES).optional(), state: z.enum(['open', 'resolved']).optional() }),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const supportAgents = defineEndpoint({
  id: 'support.agents',
  method: 'GET',
  prefix: PREFIX,
  path: '/agents',
  access: AGENT,
  summary: 'The operators a ticket can be assigned to (support and administrator roles)',
  response: okResponse({ agents: z.array(z.object({ userId: z.string(), name: z.string() })) }),
});

export const operatorUploadAttachment = defineEndpoint({
  id: 'support.operatorAttachment',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/attachment',
  access: AGENT,
  summary: 'An attachment for an answer to this ticket, checked as the team’s are; answers the token to name it by',
  query: attachmentQuery.extend(one),
  response: attachmentAnswer,
});

export const operatorTicketEvents = defineEndpoint({
  id: 'support.operatorEvents',
  method: 'GET',
  prefix: PREFIX,
  path: '/tickets/events',
  access: AGENT,
  summary: 'Server-sent events: `ticket` with `{ ticketId }` after any change to any ticket on any instance, for the queue and the open ticket',
  query: z.object({ timeoutSeconds: z.coerce.number().int().min(1).max(3600).default(300) }),
  response: okResponse({}),
});
