import type { FastifyInstance } from 'fastify';
import { appUsersApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AppUsersServices } from './context';

/** The calls an app makes for its users, with its client ID and API key. */
export function clientRoutes(app: FastifyInstance, { client, email }: AppUsersServices): void {
  registerEndpoint(app, appUsersApi.signInAnonymously, ({ caller }) => client.signInAnonymously(caller));
  registerEndpoint(app, appUsersApi.signUpWithEmail, ({ caller, req, body }) => client.signUpWithEmail(caller, req, body.email, body.password, body.displayName));
  registerEndpoint(app, appUsersApi.signInWithEmail, ({ caller, body }) => client.signInWithEmail(caller, body.email, body.password));
  registerEndpoint(app, appUsersApi.refreshAppUserToken, ({ caller, body }) => client.refresh(caller, body.refreshToken));
  registerEndpoint(app, appUsersApi.signOutAppUser, ({ caller, body }) => client.signOut(caller, body.refreshToken));
  registerEndpoint(app, appUsersApi.currentAppUser, ({ caller, req }) => client.me(caller, req));
  registerEndpoint(app, appUsersApi.linkEmail, ({ caller, req, body }) => email.link(caller, req, body.email, body.password));
  registerEndpoint(app, appUsersApi.sendEmailVerification, ({ caller, req }) => email.sendVerification(caller, req));
  registerEndpoint(app, appUsersApi.verifyEmail, ({ caller, req, body }) => email.verify(caller, req, body.code));
  registerEndpoint(app, appUsersApi.sendPasswordReset, ({ caller, req, body }) => email.sendReset(caller, req, body.email));
  registerEndpoint(app, appUsersApi.resetPassword, ({ caller, body }) => email.reset(caller, body.email, body.code, body.password));
}
