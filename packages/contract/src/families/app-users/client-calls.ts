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

const verification = { class: 'verificationCode', by: 'ip' } as const;
const code = z.string().regex(/^\d{6}$/, 'six digits');

export const linkEmail = defineEndpoint({
  id: 'appUsers.linkEmail',
  method: 'POST',
  prefix: PREFIX,
  path: '/link/email',
  access: 'app-client',
  rateLimit: signIn,
  summary: 'An anonymous user (Bearer token) signs up with an email and a password, keeping their user ID; a code to verify the email is mailed',
  body: z.object({ email: appUserEmail, password: appUserPassword }),
  response: okResponse(appUserSession),
});

export const sendEmailVerification = defineEndpoint({
  id: 'appUsers.sendEmailVerification',
  method: 'POST',
  prefix: PREFIX,
  path: '/email/verify/send',
  access: 'app-client',
  rateLimit: verification,
  summary: 'Mail the signed-in user (Bearer token) a new code to verify their email',
  body: z.object({}),
  response: okResponse({}),
});

export const verifyEmail = defineEndpoint({
  id: 'appUsers.verifyEmail',
  method: 'POST',
  prefix: PREFIX,
  path: '/email/verify',
  access: 'app-client',
  rateLimit: signIn,
  summary: 'Verify the signed-in user’s (Bearer token) email with the mailed code',
  body: z.object({ code }),
  response: okResponse({ user: appUser }),
});

export const sendPasswordReset = defineEndpoint({
  id: 'appUsers.sendPasswordReset',
  method: 'POST',
  prefix: PREFIX,
  path: '/password/reset/send',
  access: 'app-client',
  rateLimit: verification,
  summary: 'Mail a code to set a new password (answered alike whether or not the email has an account)',
  body: z.object({ email: appUserEmail }),
  response: okResponse({}),
});

export const resetPassword = defineEndpoint({
  id: 'appUsers.resetPassword',
  method: 'POST',
  prefix: PREFIX,
  path: '/password/reset',
  access: 'app-client',
  rateLimit: signIn,
  summary: 'Set a new password with the mailed code; every session of the user ends',
  body: z.object({ email: appUserEmail, code, password: appUserPassword }),
  response: okResponse({}),
});
