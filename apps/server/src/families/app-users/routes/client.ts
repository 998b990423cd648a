import type { FastifyInstance } from 'fastify';
import { appUsersApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppUsersServices } from './context';

/** The calls an app makes for its users, with its client ID and API key. */
export function clientRoutes(app: FastifyInstance, { client }: AppUsersServices): void {
  registerEndpoint(app, appUsersApi.signInAnonymously, ({ caller }) => client.signInAnonymously(caller));
  registerEndpoint(app, appUsersApi.signUpWithEmail, ({ caller, body }) => client.signUpWithEmail(caller, body.email, body.password, body.displayName));
  registerEndpoint(app, appUsersApi.signInWithEmail, ({ caller, body }) => client.signInWithEmail(caller, body.email, body.password));
  registerEndpoint(app, appUsersApi.refreshAppUserToken, ({ caller, body }) => client.refresh(caller, body.refreshToken));
  registerEndpoint(app, appUsersApi.signOutAppUser, ({ caller, body }) => client.signOut(caller, body.refreshToken));
  registerEndpoint(app, appUsersApi.currentAppUser, ({ caller, req }) => client.me(caller, req));
}
