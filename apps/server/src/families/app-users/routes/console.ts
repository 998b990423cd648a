import type { FastifyInstance } from 'fastify';
import { appUsersApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppUsersServices } from './context';

/** The console's calls: the project's users and its sign-in methods. */
export function consoleRoutes(app: FastifyInstance, { appUsers, tokens, templates }: AppUsersServices): void {
  registerEndpoint(app, appUsersApi.listAppUsers, ({ query }) => appUsers.list(query));
  registerEndpoint(app, appUsersApi.setAppUserDisabled, ({ caller, query, params, body }) => appUsers.setDisabled(caller, query.projectId, params.appUserId, body.disabled));
  registerEndpoint(app, appUsersApi.revokeAppUserSessions, ({ caller, query, params }) => appUsers.revokeSessions(caller, query.projectId, params.appUserId));
  registerEndpoint(app, appUsersApi.deleteAppUser, ({ caller, query, params }) => appUsers.remove(caller, query.projectId, params.appUserId));
  registerEndpoint(app, appUsersApi.getAuthMethods, ({ query }) => appUsers.methods(query.projectId));
  registerEndpoint(app, appUsersApi.setAuthMethods, ({ caller, query, body }) => appUsers.setMethods(caller, query.projectId, body));
  registerEndpoint(app, appUsersApi.listAuthTemplates, ({ query }) => templates.list(query.projectId));
  registerEndpoint(app, appUsersApi.setAuthTemplate, ({ caller, query, params, body }) => templates.set(caller, query.projectId, params.kind, params.language, body.subject, body.text));
  registerEndpoint(app, appUsersApi.resetAuthTemplate, ({ caller, query, params }) => templates.reset(caller, query.projectId, params.kind, params.language));
  registerEndpoint(app, appUsersApi.appUserJwks, ({ params }) => tokens.jwks(params.projectId));
}
