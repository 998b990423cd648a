import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { FEEDBACK_CATEGORIES, FEEDBACK_LIMITS, FEEDBACK_STATES, feedbackCounts, feedbackDetail, feedbackItem } from './schemas';

/** The console's feedback inbox of an app. */
const PREFIX = 'fms/v1';
const READ = 'app:app.read';
const HANDLE = 'app:support.manage';

const filters = {
  appId: z.uuid(),
  state: z.enum(FEEDBACK_STATES).optional(),
  category: z.enum(FEEDBACK_CATEGORIES).optional(),
  /** `me`, `none` or a member's id. */
  assignee: z.union([z.enum(['me', 'none']), z.uuid()]).optional(),
  /** Words the text, the contact or the device facts contain. */
  q: z.string().trim().max(100).optional(),
};
const one = { appId: z.uuid(), feedbackId: z.uuid() };

export const listFeedback = defineEndpoint({
  id: 'feedback.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/feedback/list',
  access: READ,
  summary: "An app's feedback, newest first, filtered by state, category, assignee and words, with the count in each state",
  query: z.object({ ...filters, pageSize: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().max(512).optional() }),
  response: okResponse({ items: z.array(feedbackItem), nextCursor: z.string().nullable(), counts: feedbackCounts }),
});

export const getFeedback = defineEndpoint({
  id: 'feedback.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/feedback',
  access: READ,
  summary: 'One feedback with its screenshots, the team’s notes and the replies mailed',
  query: z.object(one),
  response: okResponse({ feedback: feedbackDetail }),
});

export const updateFeedback = defineEndpoint({
  id: 'feedback.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/feedback',
  access: HANDLE,
  summary: 'Moves a feedback between new, in progress and resolved, and assigns it to a member of the team (null: nobody)',
  body: z.object({ ...one, state: z.enum(FEEDBACK_STATES).optional(), assigneeId: z.uuid().nullable().optional() }),
  response: okResponse({ feedback: feedbackDetail }),
});

export const addFeedbackNote = defineEndpoint({
  id: 'feedback.note',
  method: 'POST',
  prefix: PREFIX,
  path: '/feedback/note',
  access: HANDLE,
  summary: 'An internal note on a feedback, for the team only',
  body: z.object({ ...one, text: z.string().trim().min(1).max(FEEDBACK_LIMITS.noteMax) }),
  response: okResponse({ feedback: feedbackDetail }),
});

export const replyFeedback = defineEndpoint({
  id: 'feedback.reply',
  method: 'POST',
  prefix: PREFIX,
  path: '/feedback/reply',
  access: HANDLE,
  summary: 'Answers the user by mail at the email address they left (through the outbox); a new feedback moves to in progress; 409 without an email address',
  body: z.object({ ...one, text: z.string().trim().min(1).max(FEEDBACK_LIMITS.noteMax) }),
  response: okResponse({ feedback: feedbackDetail }),
});

export const exportFeedback = defineEndpoint({
  id: 'feedback.export',
  method: 'GET',
  prefix: PREFIX,
  path: '/feedback/export',
  access: HANDLE,
  summary: "The app's feedback matching the filters as CSV (UTF-8 with a byte-order mark, formula-looking cells escaped), as an attachment",
  query: z.object(filters),
  response: okResponse({}),
});

export const feedbackAssignees = defineEndpoint({
  id: 'feedback.assignees',
  method: 'GET',
  prefix: PREFIX,
  path: '/feedback/assignees',
  access: HANDLE,
  summary: 'The members of the team a feedback of this app can be assigned to (those who may see the app)',
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ members: z.array(z.object({ userId: z.string(), name: z.string() })) }),
});
