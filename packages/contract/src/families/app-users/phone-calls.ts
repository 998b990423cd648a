import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { appUser, appUserSession, projectQuery } from './schemas';

/** A phone number as the app sends it: international, with its `+` and country code. */
export const appUserPhone = z
  .string()
  .trim()
  .regex(/^\+[1-9][0-9 ()-]{6,22}$/, 'an international number with its country code, such as +49 151 23456789');
const code = z.string().regex(/^\d{6}$/, 'the six digits of the code');
const CLIENT = 'tas/v1/client';

export const sendPhoneCode = defineEndpoint({
  id: 'appUsers.sendPhoneCode',
  method: 'POST',
  prefix: CLIENT,
  path: '/phone/code',
  access: 'app-client',
  rateLimit: { class: 'verificationCode', by: 'ip' },
  summary: 'Text a six-digit code to a phone number, to sign in with it or link it (a new code replaces the last)',
  body: z.object({ phone: appUserPhone }),
  response: okResponse({ expiresIn: z.number().int() }),
});

export const signInWithPhone = defineEndpoint({
  id: 'appUsers.signInWithPhone',
  method: 'POST',
  prefix: CLIENT,
  path: '/signin/phone',
  access: 'app-client',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: 'Sign in with a phone number and the code texted to it (a new number signs up)',
  body: z.object({ phone: appUserPhone, code }),
  response: okResponse(appUserSession),
});

export const linkPhone = defineEndpoint({
  id: 'appUsers.linkPhone',
  method: 'POST',
  prefix: CLIENT,
  path: '/link/phone',
  access: 'app-client',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: 'Give the signed-in user a phone number, with the code texted to it (an anonymous user keeps their ID)',
  body: z.object({ phone: appUserPhone, code }),
  response: okResponse(appUserSession),
});

/** ISO 3166 alpha-2. */
const country = z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code such as DE');

export const getPhonePolicy = defineEndpoint({
  id: 'appUsers.phonePolicy',
  method: 'GET',
  prefix: 'tas/v1',
  path: '/phone-policy',
  access: 'project:cloud.read',
  summary: 'The countries whose numbers may be texted codes (SMS pumping protection)',
  query: projectQuery,
  response: okResponse({ countries: z.array(z.string()) }),
});

export const setPhonePolicy = defineEndpoint({
  id: 'appUsers.setPhonePolicy',
  method: 'PUT',
  prefix: 'tas/v1',
  path: '/phone-policy',
  access: 'project:cloud.manage',
  summary: 'Set the countries whose numbers may be texted codes; numbers of others are refused',
  query: projectQuery,
  body: z.object({ countries: z.array(country).max(250) }),
  response: okResponse({ countries: z.array(z.string()) }),
});

export const smsUsage = defineEndpoint({
  id: 'appUsers.smsUsage',
  method: 'GET',
  prefix: 'tas/v1',
  path: '/sms-usage',
  access: 'project:cloud.read',
  summary: "The project's texted codes per day and per country",
  query: projectQuery.extend({ days: z.coerce.number().int().min(1).max(90).default(30) }),
  response: okResponse({
    total: z.number().int(),
    days: z.array(z.object({ day: z.string(), count: z.number().int() })),
    countries: z.array(z.object({ country: z.string(), count: z.number().int() })),
  }),
});

export const unlinkAppUserMethod = defineEndpoint({
  id: 'appUsers.unlink',
  method: 'POST',
  prefix: CLIENT,
  path: '/unlink',
  access: 'app-client',
  rateLimit: { class: 'signIn', by: 'ip' },
  summary: "Remove one of the signed-in user's ways to sign in (email, phone, or an identity provider's ID); the last one stays",
  body: z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{1,31}$/, 'email, phone, or an identity provider’s ID') }),
  response: okResponse({ user: appUser }),
});
