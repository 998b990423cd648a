import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { appUser, appUserDisplayName, appUserEmail, appUserPassword, appUserSession } from './schemas';

/** The calls an app makes on a device, with its client ID and API key (`app-client`). */
const PREFIX = 'tas/v1/client';
const perApp = { class: 'appClient', by: 'app' } as const;
const signIn = { class: 'signIn', by: 'ip' } as const;

export const signInAnonymously = defineEndpoint({
  id: 'appUsers.signInAnonymously',
  method: 'POST',
  prefix: PREFIX,
  path: '/signin/anonymous',
  access: 'app-client',
  rateLimit: { class: 'anonymousSignUp', by: 'ip' },
  summary: 'A new anonymous app user, signed in (kept when they later sign up with an email)',
  body: z.object({}),
  response: okResponse(appUserSession),
});

export const signUpWithEmail = defineEndpoint({
  id: 'appUsers.signUpWithEmail',
  method: 'POST',
  prefix: PREFIX,
  path: '/signup/email',
  access: 'app-client',
  rateLimit: signIn,
  summary: 'Sign up with an email and a password, signed in at once',
  body: z.object({ email: appUserEmail, password: appUserPassword, displayName: appUserDisplayName.optional() }),
  response: okResponse(appUserSession),
});

export const signInWithEmail = defineEndpoint({
  id: 'appUsers.signInWithEmail',
  method: 'POST',
  prefix: PREFIX,
  path: '/signin/email',
  access: 'app-client',
  rateLimit: signIn,
  summary: 'Sign in with an email and a password',
  body: z.object({ email: appUserEmail, password: z.string().min(1).max(256) }),
  response: okResponse(appUserSession),
});

export const refreshAppUserToken = defineEndpoint({
  id: 'appUsers.refreshToken',
  method: 'POST',
  prefix: PREFIX,
  path: '/token',
  access: 'app-client',
  rateLimit: perApp,
  summary: 'The next access and refresh token for a refresh token, which is then spent',
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: okResponse(appUserSession),
});

export const signOutAppUser = defineEndpoint({
  id: 'appUsers.signOut',
  method: 'POST',
  prefix: PREFIX,
  path: '/signout',
  access: 'app-client',
  rateLimit: perApp,
  summary: 'End the session a refresh token belongs to',
  body: z.object({ refreshToken: z.string().min(1).max(512) }),
  response: okResponse({}),
});

export const currentAppUser = defineEndpoint({
  id: 'appUsers.me',
  method: 'GET',
  prefix: PREFIX,
  path: '/user',
  access: 'app-client',
  rateLimit: perApp,
  summary: 'The signed-in app user (Authorization: Bearer <access token>)',
  response: okResponse({ user: appUser }),
});
