import type { FastifyInstance } from 'fastify';
import { appMessagingApi as api } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { messageStats } from '../stats';
import type { AppMessagingServices } from './context';

/** The console's calls: a team's members, held to their roles and apps. */
export function consoleRoutes(app: FastifyInstance, { messages, deps }: AppMessagingServices): void {
  registerEndpoint(app, api.listMessages, ({ caller, query }) => messages.list(caller, query.appId));
  registerEndpoint(app, api.getMessage, ({ caller, query, params }) => messages.get(caller, query.appId, params.messageId));
  registerEndpoint(app, api.createMessage, ({ caller, query, body }) => messages.create(caller, query.appId, body));
  registerEndpoint(app, api.updateMessage, ({ caller, query, params, body }) => messages.update(caller, query.appId, params.messageId, body));
  registerEndpoint(app, api.setMessageState, ({ caller, query, params, body }) => messages.setState(caller, query.appId, params.messageId, body.action));
  registerEndpoint(app, api.deleteMessage, ({ caller, query, params }) => messages.remove(caller, query.appId, params.messageId));
  registerEndpoint(app, api.messageStatistics, ({ caller, query, params }) => messageStats(deps, caller, query.appId, params.messageId, query.days));
}
