import { z } from 'zod';
import { AGE_RATINGS } from '@wharf/rules';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { refused } from '../../kit/field-errors';
import { AGE_RATING_TASK_STATES, ageAnswers, ageRatingTask, appAgeRating, storeAgeRating } from './schemas';

/** v1: the legacy single age of an app, as older clients and scripts set it. */
const V1 = 'agerating/v1';
/** v2: the questionnaire and every authority's rating. */
const V2 = 'agerating/v2';

export const getAgeRatingV1 = defineEndpoint({
  id: 'ageRating.getV1',
  method: 'GET',
  prefix: V1,
  path: '/app/age',
  access: 'app:app.read',
  summary: "An app's single age in effect (3+ to 18+; from its questionnaire when it has one), null when none is declared",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ age: z.enum(AGE_RATINGS).nullable(), fromQuestionnaire: z.boolean() }),
});

export const setAgeRatingV1 = defineEndpoint({
  id: 'ageRating.setV1',
  method: 'PUT',
  prefix: V1,
  path: '/app/age',
  access: 'app:app.manage',
  summary: 'Declares a single age without the questionnaire; after the first release the change waits for review; 409 when the app answered the questionnaire (change the answers instead)',
  body: z.object({ appId: z.uuid(), age: z.enum(AGE_RATINGS) }),
  response: okResponse({ rating: appAgeRating }),
});

export const getAgeRating = defineEndpoint({
  id: 'ageRating.get',
  method: 'GET',
  prefix: V2,
  path: '/app/questionnaire',
  access: 'app:app.read',
  summary: "An app's age-rating questionnaire: the answers in effect with each authority's rating, and a change waiting for review",
  query: z.object({ appId: z.uuid() }),
  response: okResponse({ rating: appAgeRating }),
});

export const saveAgeRating = defineEndpoint({
  id: 'ageRating.save',
  method: 'PUT',
  prefix: V2,
  path: '/app/questionnaire',
  access: 'app:app.manage',
  summary: "Answers the questionnaire: takes effect at once before the app's first release (and sets the age of its unsubmitted versions), else opens a review task (replacing a waiting one)",
  body: z.object({ appId: z.uuid(), answers: ageAnswers }),
  response: okResponse({ rating: appAgeRating, taskId: z.string().nullable() }),
});

export const cancelAgeRating = defineEndpoint({
  id: 'ageRating.cancel',
  method: 'PUT',
  prefix: V2,
  path: '/app/questionnaire/cancel',
  access: 'app:app.manage',
  summary: 'Takes back the change waiting for review (the one in effect stays); 409 when none waits',
  body: z.object({ appId: z.uuid() }),
  response: okResponse({ rating: appAgeRating }),
});

export const storeAgeRatingOf = defineEndpoint({
  id: 'ageRating.store',
  method: 'GET',
  prefix: V2,
  path: '/store/app/:appId',
  access: 'anonymous',
  summary: "The age rating an on-shelf app's store page shows (null when it declares none); 404 for an app not in the store",
  params: z.object({ appId: z.uuid() }),
  response: okResponse({ rating: storeAgeRating.nullable() }),
});

export const ageRatingReviewQueue = defineEndpoint({
  id: 'ageRating.reviewQueue',
  method: 'GET',
  prefix: V2,
  path: '/manage/review/task/list',
  access: 'operator:reviewer',
  summary: 'Age-rating changes of released apps: open ones oldest first, decided ones newest first',
  query: z.object({
    state: z.enum(AGE_RATING_TASK_STATES).default('open'),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(ageRatingTask)),
});

export const decideAgeRatingReview = defineEndpoint({
  id: 'ageRating.reviewDecide',
  method: 'PUT',
  prefix: V2,
  path: '/manage/review/task',
  access: 'operator:reviewer',
  summary: "Approve (the change takes effect on the store page and the app's unsubmitted versions) or reject with a comment",
  body: z
    .object({ taskId: z.uuid(), decision: z.enum(['approve', 'reject']), comment: z.string().trim().max(2000).optional() })
    .refine((b) => b.decision === 'approve' || (b.comment ?? '') !== '', refused('rejectionNeedsComment', ['comment'])),
  response: okResponse({ task: ageRatingTask }),
});
