import type { FastifyInstance } from 'fastify';
import { supportApi } from '@wharf/contract';
import { publicOrigin } from '../../../platform/http/origin';
import { registerEndpoint } from '../../../platform/http/register';
import { bodyStream } from '../../files/public';
import type { SupportServices } from './context';

const EVERY = () => true;

/** The support desk's calls: an operator with the support (or administrator) role. */
export function operatorRoutes(app: FastifyInstance, { queue, attachments, streams, deps }: SupportServices): void {
  registerEndpoint(app, supportApi.queueTickets, ({ caller, query }) => queue.queue(caller, query));
  registerEndpoint(app, supportApi.operatorGetTicket, ({ query }) => queue.get(query.ticketId));
  registerEndpoint(app, supportApi.operatorReplyTicket, ({ caller, body, req }) => queue.reply(caller, body, publicOrigin(deps.config, req)));
  registerEndpoint(app, supportApi.operatorUpdateTicket, ({ caller, body, req }) => queue.update(caller, body, publicOrigin(deps.config, req)));
  registerEndpoint(app, supportApi.supportAgents, () => queue.agents());
  registerEndpoint(app, supportApi.operatorUploadAttachment, ({ caller, query, req }) =>
    attachments.fromOperator(caller, query.ticketId, bodyStream(req.body, deps.config.uploadIdleTimeoutMs), { fileName: query.fileName, contentType: query.contentType }),
  );
  registerEndpoint(app, supportApi.operatorTicketEvents, async ({ query, req, reply }) => streams.listen(null, EVERY, query.timeoutSeconds, req, reply));
}
