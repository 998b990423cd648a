import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { ATTACHMENT_TYPES, attachmentTokens, paging, SUPPORT_LIMITS, SUPPORT_STATES, supportCounts, supportText, supportTicket, supportTicketDetail, ticketInput } from './schemas';

/** A team's tickets to the platform's support, as the console's `/mysupport` calls them. */
const PREFIX = 'mysupport/v1';
/** Every member of the team may ask the platform for help and read the team's tickets. */
const MEMBER = 'team:team.read';
const one = { ticketId: z.uuid() };

export const createTicket = defineEndpoint({
  id: 'support.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/tickets',
  access: MEMBER,
  summary: "Opens a ticket with the platform's support: category, priority, the app it is about, a subject and the first message with its attachments",
  body: ticketInput,
  response: okResponse({ ticket: supportTicketDetail }),
});

export const listTickets = defineEndpoint({
  id: 'support.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/tickets',
  access: MEMBER,
  summary: "The team's tickets, the latest activity first, with the count in each state (an App administrator sees those of their apps and their own)",
  query: z.object({ state: z.enum(SUPPORT_STATES).optional(), ...paging }),
  response: okResponse({ items: z.array(supportTicket), total: z.number().int(), counts: supportCounts }),
});

export const getTicket = defineEndpoint({
  id: 'support.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/ticket',
  access: MEMBER,
  summary: 'One ticket with its conversation (operators’ internal notes left out)',
  query: z.object(one),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const replyTicket = defineEndpoint({
  id: 'support.reply',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/message',
  access: MEMBER,
  summary: 'Writes in the ticket; the ticket waits for the operators again (a resolved one opens again); 409 once closed',
  body: z.object({ ...one, text: supportText, attachmentTokens }),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const closeTicket = defineEndpoint({
  id: 'support.close',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/close',
  access: MEMBER,
  summary: 'Closes the ticket: the team needs no more help',
  body: z.object(one),
  response: okResponse({ ticket: supportTicketDetail }),
});

export const rateTicket = defineEndpoint({
  id: 'support.rate',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/rating',
  access: MEMBER,
  summary: 'How satisfied the team is with the help (1 to 5, an optional comment), once the ticket is resolved or closed; rating a resolved ticket closes it; 409 when rated already',
  body: z.object({ ...one, score: z.number().int().min(1).max(5), comment: z.string().trim().max(SUPPORT_LIMITS.commentMax).optional() }),
  response: okResponse({ ticket: supportTicketDetail }),
});

/** Where both sides send an attachment's bytes (application/octet-stream body); answers the token a message names it by. */
export const attachmentQuery = z.object({ fileName: z.string().trim().min(1).max(SUPPORT_LIMITS.fileNameMax), contentType: z.enum(ATTACHMENT_TYPES) });
export const attachmentAnswer = okResponse({ attachmentToken: z.string(), fileName: z.string(), size: z.number().int() });

export const uploadAttachment = defineEndpoint({
  id: 'support.attachment',
  method: 'POST',
  prefix: PREFIX,
  path: '/ticket/attachment',
  access: MEMBER,
  summary: 'An attachment for a new ticket or a message (PNG, JPEG, WebP, PDF, plain text or zip, at most 10 MB, checked by its first bytes); answers the token to name it by',
  query: attachmentQuery,
  response: attachmentAnswer,
});

export const ticketEvents = defineEndpoint({
  id: 'support.events',
  method: 'GET',
  prefix: PREFIX,
  path: '/tickets/events',
  access: MEMBER,
  summary:
    "Server-sent events (text/event-stream): `ticket` with `{ ticketId }` within a second of any change to one of the team's tickets on any instance (a message, a state, a rating); closes after `timeoutSeconds`, and the console reconnects",
  query: z.object({ timeoutSeconds: z.coerce.number().int().min(1).max(3600).default(300) }),
  response: okResponse({}),
});
