import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { hexColor, IMMERSIVE_TASK_STATES, immersiveInfo, immersiveTask, immersiveText } from './schemas';
import { refused } from '../../kit/field-errors';

/** The distribution prefix, as the specification spells it. */
const PREFIX = 'cds/app-distirbution/v1/all';

export const imageColor = defineEndpoint({
  id: 'immersive.imageColor',
  method: 'POST',
  prefix: PREFIX,
  path: '/image/color',
  access: 'team:file.upload',
  summary: "The dominant colour of one of the team's uploaded images (PNG or JPEG), with the text tone that reads on it",
  body: z.object({ objectId: z.uuid() }),
  response: okResponse({ color: z.string(), share: z.number(), textTone: z.enum(['light', 'dark']), width: z.number().int(), height: z.number().int() }),
});

const editable = z.object({
  appId: z.uuid(),
  imageObjectId: z.uuid(),
  /** Omitted or null: the picture's dominant colour. */
  color: hexColor.nullable().optional(),
  texts: z
    .array(immersiveText)
    .min(1)
    .max(80)
    .refine((t) => new Set(t.map((x) => x.language)).size === t.length, refused('oneTextPerLanguage')),
});

export const getImmersiveInfo = defineEndpoint({
  id: 'immersive.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/app/immersive-info',
  access: 'app:app.read',
  summary: "An app's immersive picture, colour and texts with their review state (null when there is none)",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ info: immersiveInfo.nullable() }),
});

export const createImmersiveInfo = defineEndpoint({
  id: 'immersive.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/immersive-info',
  access: 'app:app.manage',
  summary: 'Creates the immersive info of an app (a draft); 409 when it has one',
  body: editable,
  response: okResponse({ info: immersiveInfo }),
});

export const updateImmersiveInfo = defineEndpoint({
  id: 'immersive.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/immersive-info',
  access: 'app:app.manage',
  summary: 'Replaces picture, colour and texts; an approved or rejected info becomes a draft again (the approved one stays published); 409 while in review',
  body: editable,
  response: okResponse({ info: immersiveInfo }),
});

export const deleteImmersiveInfo = defineEndpoint({
  id: 'immersive.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/app/immersive-info',
  access: 'app:app.manage',
  summary: 'Deletes the immersive info (also the published one); 409 while in review',
  query: z.object({ appId: z.uuid() }),
  response: okResponse({}),
});

export const submitImmersiveAudit = defineEndpoint({
  id: 'immersive.submitAudit',
  method: 'POST',
  prefix: PREFIX,
  path: '/app/immersive-info/audit',
  access: 'app:app.manage',
  summary: 'Submits the draft (or rejected) immersive info for review: opens a review task',
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ info: immersiveInfo, taskId: z.string() }),
});

export const cancelImmersiveAudit = defineEndpoint({
  id: 'immersive.cancelAudit',
  method: 'PUT',
  prefix: PREFIX,
  path: '/app/immersive-info/audit/cancel',
  access: 'app:app.manage',
  summary: 'Withdraws the immersive info from review (back to draft, the task withdrawn)',
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ info: immersiveInfo }),
});

export const immersiveReviewQueue = defineEndpoint({
  id: 'immersive.reviewQueue',
  method: 'GET',
  prefix: PREFIX,
  path: '/manage/immersive-info/review/task/list',
  access: 'operator:reviewer',
  summary: 'Immersive-info review tasks: open ones oldest first, decided ones newest first',
  query: z.object({
    state: z.enum(IMMERSIVE_TASK_STATES).default('open'),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(immersiveTask)),
});

export const immersiveReviewImage = defineEndpoint({
  id: 'immersive.reviewImage',
  method: 'GET',
  prefix: PREFIX,
  path: '/manage/immersive-info/review/task/image',
  access: 'operator:reviewer',
  summary: "The picture of an immersive-info review task, for the reviewer's eyes",
  query: z.object({ taskId: z.uuid() }),
  response: okResponse({}),
});

export const decideImmersiveReview = defineEndpoint({
  id: 'immersive.reviewDecide',
  method: 'PUT',
  prefix: PREFIX,
  path: '/manage/immersive-info/review/task',
  access: 'operator:reviewer',
  summary: 'Approve (the snapshot becomes the published one) or reject with a comment',
  body: z
    .object({ taskId: z.uuid(), decision: z.enum(['approve', 'reject']), comment: z.string().trim().max(2000).optional() })
    .refine((b) => b.decision === 'approve' || (b.comment ?? '') !== '', refused('rejectionNeedsComment', ['comment'])),
  response: okResponse({ task: immersiveTask }),
});
