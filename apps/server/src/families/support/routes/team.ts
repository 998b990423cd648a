import type { FastifyInstance } from 'fastify';
import { supportApi } from '@wharf/contract';
import { publicOrigin } from '../../../platform/http/origin';
import { registerEndpoint } from '../../../platform/http/register';
import { bodyStream } from '../../files/public';
import { teamReach } from '../team-side';
import type { SupportServices } from './context';

/** The team's calls: any member's, for the team's tickets they may reach. */
export function teamRoutes(app: FastifyInstance, { team, attachments, streams, deps }: SupportServices): void {
  registerEndpoint(app, supportApi.createTicket, ({ caller, body, req }) => team.create(caller, body, publicOrigin(deps.config, req)));
  registerEndpoint(app, supportApi.listTickets, ({ caller, query }) => team.list(caller, query));
  registerEndpoint(app, supportApi.getTicket, ({ caller, query }) => team.get(caller, query.ticketId));
  registerEndpoint(app, supportApi.replyTicket, ({ caller, body, req }) => team.reply(caller, body, publicOrigin(deps.config, req)));
  registerEndpoint(app, supportApi.closeTicket, ({ caller, body }) => team.close(caller, body.ticketId));
  registerEndpoint(app, supportApi.rateTicket, ({ caller, body }) => team.rate(caller, body));
  registerEndpoint(app, supportApi.uploadAttachment, ({ caller, query, req }) => attachments.fromTeam(caller, bodyStream(req.body, deps.config.uploadIdleTimeoutMs), query));
  registerEndpoint(app, supportApi.ticketEvents, async ({ caller, query, req, reply }) => streams.listen(caller.teamId!, teamReach(caller), query.timeoutSeconds, req, reply));
}
