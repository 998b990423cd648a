import type { FastifyInstance } from 'fastify';
import { appUsersApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import type { AppUsersServices } from './context';

/** Identity providers: the console's settings, and the app's three steps of a provider sign-in. */
export function oidcRoutes(app: FastifyInstance, { oidcProviders, oidcSignIn }: AppUsersServices): void {
  registerEndpoint(app, appUsersApi.listIdentityProviders, ({ query, req }) => oidcProviders.settings(query.projectId, req));
  registerEndpoint(app, appUsersApi.saveIdentityProvider, ({ caller, query, params, body }) => oidcProviders.save(caller, query.projectId, params.providerId, body));
  registerEndpoint(app, appUsersApi.deleteIdentityProvider, ({ caller, query, params }) => oidcProviders.remove(caller, query.projectId, params.providerId));
  registerEndpoint(app, appUsersApi.setRedirectUris, ({ caller, query, body }) => oidcProviders.setRedirectUris(caller, query.projectId, body.redirectUris));
  registerEndpoint(app, appUsersApi.startOidcSignIn, ({ caller, req, body }) => oidcSignIn.start(caller, req, body));
  registerEndpoint(app, appUsersApi.oidcCallback, async ({ req, reply, query }) => {
    // 303: the browser goes on to the app with a GET. The body is the usual envelope, for
    // a client that reads it instead of following.
    const location = await oidcSignIn.callback(req, query);
    void reply.code(303).header('location', location).type('application/json; charset=utf-8').send(JSON.stringify({ ret: { code: 0, msg: 'success' } }));
    return STREAMED;
  });
  registerEndpoint(app, appUsersApi.finishOidcSignIn, ({ caller, body }) => oidcSignIn.finish(caller, body.code, body.codeVerifier));
}
