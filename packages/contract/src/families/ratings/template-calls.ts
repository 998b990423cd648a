import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { replyText } from './schemas';

/** Reply templates: a team's ready answers to what users often say, inserted into a reply and changed there. */
const PREFIX = 'comment/v1';
export const REPLY_TEMPLATES_MAX = 100;

export const templateName = z.string().trim().min(1).max(64);
export const replyTemplate = z.object({ templateId: z.string(), name: z.string(), text: z.string(), updatedAt: z.string() });
export type ReplyTemplate = z.infer<typeof replyTemplate>;
const templateBody = z.object({ name: templateName, text: replyText });

export const listReplyTemplates = defineEndpoint({
  id: 'ratings.templates',
  method: 'GET',
  prefix: PREFIX,
  path: '/reply-templates',
  access: 'team:support.manage',
  summary: "The team's reply templates, by name",
  response: okResponse({ items: z.array(replyTemplate) }),
});

export const createReplyTemplate = defineEndpoint({
  id: 'ratings.createTemplate',
  method: 'POST',
  prefix: PREFIX,
  path: '/reply-templates',
  access: 'team:support.manage',
  summary: `A new reply template (at most ${REPLY_TEMPLATES_MAX} a team, names unique)`,
  body: templateBody,
  response: okResponse({ template: replyTemplate }),
});

export const updateReplyTemplate = defineEndpoint({
  id: 'ratings.updateTemplate',
  method: 'PUT',
  prefix: PREFIX,
  path: '/reply-templates/:templateId',
  access: 'team:support.manage',
  summary: 'Rename a reply template or change its text',
  params: z.object({ templateId: z.uuid() }),
  body: templateBody,
  response: okResponse({ template: replyTemplate }),
});

export const deleteReplyTemplate = defineEndpoint({
  id: 'ratings.deleteTemplate',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/reply-templates/:templateId',
  access: 'team:support.manage',
  summary: 'Delete a reply template (replies written with it stay as they are)',
  params: z.object({ templateId: z.uuid() }),
  response: okResponse({}),
});
