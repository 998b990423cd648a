import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { projectQuery } from './schemas';

/** What Auth Service writes to app users: two mails and a text message. */
export const AUTH_TEMPLATE_KINDS = ['verifyEmail', 'resetPassword', 'phoneCode'] as const;
export type AuthTemplateKind = (typeof AUTH_TEMPLATE_KINDS)[number];
/** The languages a message is written in (the app's `X-Lang`). */
export const TEMPLATE_LANGUAGES = ['cn', 'en', 'ru'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export const authTemplate = z.object({
  kind: z.enum(AUTH_TEMPLATE_KINDS),
  language: z.enum(TEMPLATE_LANGUAGES),
  /** Mails only; empty for a text message. */
  subject: z.string(),
  text: z.string(),
  /** Written by the project (else Wharf's default). */
  custom: z.boolean(),
});
export type AuthTemplate = z.infer<typeof authTemplate>;

const NO_CONTROLS = /^[^\p{Cc}]*$/u;
const TEXT_CONTROLS = /^(?:[^\p{Cc}]|\n)*$/u;
const params = z.object({ kind: z.enum(AUTH_TEMPLATE_KINDS), language: z.enum(TEMPLATE_LANGUAGES) });

export const listAuthTemplates = defineEndpoint({
  id: 'appUsers.templates',
  method: 'GET',
  prefix: 'tas/v1',
  path: '/template',
  access: 'project:cloud.read',
  summary: "The project's mails and text messages to app users, per kind and language (Wharf's default where it wrote none)",
  query: projectQuery,
  response: okResponse({ templates: z.array(authTemplate) }),
});

export const setAuthTemplate = defineEndpoint({
  id: 'appUsers.setTemplate',
  method: 'PUT',
  prefix: 'tas/v1',
  path: '/template/:kind/:language',
  access: 'project:cloud.manage',
  summary: 'Write a message in a language; {{code}} must be in it, {{app}} and {{valid}} may be',
  params,
  query: projectQuery,
  body: z.object({
    subject: z.string().trim().max(200).regex(NO_CONTROLS, 'no control characters').default(''),
    text: z.string().trim().min(1).max(2000).regex(TEXT_CONTROLS, 'no control characters but new lines').refine((v) => v.includes('{{code}}'), 'must contain {{code}}'),
  }),
  response: okResponse({ template: authTemplate }),
});

export const resetAuthTemplate = defineEndpoint({
  id: 'appUsers.resetTemplate',
  method: 'DELETE',
  prefix: 'tas/v1',
  path: '/template/:kind/:language',
  access: 'project:cloud.manage',
  summary: "Go back to Wharf's default message for a kind and language",
  params,
  query: projectQuery,
  response: okResponse({ template: authTemplate }),
});
