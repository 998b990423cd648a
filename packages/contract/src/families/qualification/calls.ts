import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { QUALIFICATION_FILES_MAX, QUALIFICATION_KINDS, QUALIFICATION_REMARKS_MAX, QUALIFICATION_STATES, qualificationTask } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/qualification-manage/v1';

const objectIds = z
  .array(z.uuid())
  .min(1)
  .max(QUALIFICATION_FILES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, refused('eachFileOnce'));

export const createQualificationTask = defineEndpoint({
  id: 'qualification.create',
  method: 'POST',
  prefix: PREFIX,
  path: '/qualification-review-task',
  access: 'app:app.manage',
  summary: 'Submits a qualification of an app for review: its kind, documents (uploaded files of the team) and remarks',
  body: z.object({ appId: z.uuid(), kind: z.enum(QUALIFICATION_KINDS), objectIds, remarks: z.string().trim().max(QUALIFICATION_REMARKS_MAX).default('') }),
  response: okResponse({ task: qualificationTask }),
});

export const updateQualificationTask = defineEndpoint({
  id: 'qualification.update',
  method: 'PUT',
  prefix: PREFIX,
  path: '/qualification-review-task',
  access: 'app:app.manage',
  summary: 'Changes kind, documents or remarks of a pending qualification; 409 once cancelled or decided',
  body: z.object({
    appId: z.uuid(),
    taskId: z.uuid(),
    kind: z.enum(QUALIFICATION_KINDS).optional(),
    objectIds: objectIds.optional(),
    remarks: z.string().trim().max(QUALIFICATION_REMARKS_MAX).optional(),
  }),
  response: okResponse({ task: qualificationTask }),
});

export const deleteQualificationTask = defineEndpoint({
  id: 'qualification.delete',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/qualification-review-task',
  access: 'app:app.manage',
  summary: 'Deletes a cancelled or decided qualification; 409 while pending (cancel it first)',
  query: z.object({ appId: z.uuid(), taskId: z.uuid() }),
  response: okResponse({}),
});

export const getQualificationTask = defineEndpoint({
  id: 'qualification.get',
  method: 'GET',
  prefix: PREFIX,
  path: '/qualification-review-task',
  access: 'app:app.read',
  summary: 'One qualification of an app',
  query: z.object({ appId: z.uuid(), taskId: z.uuid() }),
  response: okResponse({ task: qualificationTask }),
});

export const qualificationTaskList = defineEndpoint({
  id: 'qualification.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/qualification-review-task/list',
  access: 'app:app.read',
  summary: "An app's qualifications, newest first, optionally of one state",
  query: z.object({
    appId: z.uuid(),
    state: z.enum(QUALIFICATION_STATES).optional(),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(qualificationTask)),
});

export const cancelQualificationTask = defineEndpoint({
  id: 'qualification.cancel',
  method: 'PUT',
  prefix: PREFIX,
  path: '/qualification-review-task/cancel',
  access: 'app:app.manage',
  summary: 'Withdraws a pending qualification from review',
  body: z.object({ appId: z.uuid(), taskId: z.uuid() }),
  response: okResponse({ task: qualificationTask }),
});

export const setQualificationStatus = defineEndpoint({
  id: 'qualification.status',
  method: 'PUT',
  prefix: PREFIX,
  path: '/qualification-review-task/status',
  access: 'operator:reviewer',
  summary: 'A reviewer approves or rejects (with a reason) a pending qualification',
  body: z
    .object({ taskId: z.uuid(), status: z.enum(['approved', 'rejected']), reason: z.string().trim().max(2000).optional() })
    .refine((b) => b.status === 'approved' || (b.reason ?? '') !== '', refused('rejectionNeedsReason', ['reason'])),
  response: okResponse({ task: qualificationTask }),
});

export const qualificationReviewQueue = defineEndpoint({
  id: 'qualification.reviewQueue',
  method: 'GET',
  prefix: PREFIX,
  path: '/manage/qualification-review-task/list',
  access: 'operator:reviewer',
  summary: 'Qualifications of every team for reviewers: pending ones oldest first, others newest first',
  query: z.object({
    state: z.enum(QUALIFICATION_STATES).default('pending'),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(qualificationTask)),
});

export const qualificationReviewFile = defineEndpoint({
  id: 'qualification.reviewFile',
  method: 'GET',
  prefix: PREFIX,
  path: '/manage/qualification-review-task/file',
  access: 'operator:reviewer',
  summary: 'One document of a qualification, for the reviewer to read',
  query: z.object({ taskId: z.uuid(), objectId: z.uuid() }),
  response: okResponse({}),
});
