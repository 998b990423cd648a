import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { appUserSession, projectQuery } from './schemas';
import { appRedirectUri, identityProvider, identityProviderId, identityProviderInput } from './oidc-schemas';

const PREFIX = 'tas/v1';
const providerParams = z.object({ providerId: identityProviderId });
const oidcSettings = {
  providers: z.array(identityProvider),
  redirectUris: z.array(z.string()),
  /** What to register at each provider as its redirect URI. */
  callbackUrl: z.string(),
};

export const listIdentityProviders = defineEndpoint({
  id: 'appUsers.identityProviders',
  method: 'GET',
  prefix: PREFIX,
  path: '/identity-provider',
  access: 'project:cloud.read',
  summary: "The project's OpenID Connect providers, the app addresses sign-ins may return to, and the callback URL to register",
  query: projectQuery,
  response: okResponse(oidcSettings),
});

export const saveIdentityProvider = defineEndpoint({
  id: 'appUsers.saveIdentityProvider',
  method: 'PUT',
  prefix: PREFIX,
  path: '/identity-provider/:providerId',
  access: 'project:cloud.manage',
  summary: "Add or change an OpenID Connect provider (its discovery document is read first; the client secret is sealed)",
  params: providerParams,
  query: projectQuery,
  body: identityProviderInput,
  response: okResponse({ provider: identityProvider }),
});

export const deleteIdentityProvider = defineEndpoint({
  id: 'appUsers.deleteIdentityProvider',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/identity-provider/:providerId',
  access: 'project:cloud.manage',
  summary: "Remove a provider: its users keep their accounts, but can no longer sign in with it",
  params: providerParams,
  query: projectQuery,
  response: okResponse({}),
});

export const setRedirectUris = defineEndpoint({
  id: 'appUsers.setRedirectUris',
  method: 'PUT',
  prefix: PREFIX,
  path: '/redirect-uris',
  access: 'project:cloud.manage',
  summary: "The app addresses a provider sign-in may return to (exact match; at most 20)",
  query: projectQuery,
  body: z.object({ redirectUris: z.array(appRedirectUri).max(20) }),
  response: okResponse({ redirectUris: z.array(z.string()) }),
});

/** The app's side: start, (the provider and Wharf's callback in the browser), finish. */
const CLIENT = 'tas/v1/client';
const S256 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'the base64url SHA-256 of the code verifier');

export const startOidcSignIn = defineEndpoint({
  id: 'appUsers.startOidcSignIn',
  method: 'POST',
  prefix: CLIENT,
  path: '/oidc/start',
  access: 'app-client',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: "The provider's sign-in page to open; with the user's token, the provider is linked to them instead",
  body: z.object({
    providerId: identityProviderId,
    redirectUri: appRedirectUri,
    /** PKCE (S256) between the app and Wharf: only the app that started can finish. */
    codeChallenge: S256,
    /** Returned to the app unchanged beside the result. */
    state: z.string().max(256).optional(),
  }),
  response: okResponse({ authorizationUrl: z.string(), expiresIn: z.number().int() }),
});

export const oidcCallback = defineEndpoint({
  id: 'appUsers.oidcCallback',
  method: 'GET',
  prefix: 'tas/v1',
  path: '/oidc/callback',
  access: 'anonymous',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: "Where providers send the browser back: Wharf finishes the provider's side and sends it on to the app's redirect URI",
  query: z.object({
    state: z.string().max(256).optional(),
    code: z.string().max(4096).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(1024).optional(),
    iss: z.string().max(512).optional(),
  }),
  response: okResponse({}),
});

export const finishOidcSignIn = defineEndpoint({
  id: 'appUsers.finishOidcSignIn',
  method: 'POST',
  prefix: CLIENT,
  path: '/oidc/finish',
  access: 'app-client',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: 'The session of a provider sign-in, for the code its redirect brought and the verifier of its start',
  body: z.object({ code: z.string().min(1).max(256), codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'the PKCE code verifier') }),
  response: okResponse(appUserSession),
});
