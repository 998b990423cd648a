import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listShape } from '../../kit/list';
import { testVersion } from '../testing';
import { phasedRelease } from './phased-calls';
import { completeness, REVIEW_REASON_KEYS, REVIEW_TASK_KINDS, REVIEW_TASK_STATES, reviewTask, version } from './schemas';
import { refused } from '../../kit/field-errors';

const PREFIX = 'amis/version-manage/v1';

export const reviewTaskQueue = defineEndpoint({
  id: 'review.queue',
  method: 'POST',
  prefix: PREFIX,
  path: '/manage/app/uad/review/task',
  access: 'operator:reviewer',
  summary: 'The review queue: open tasks oldest first (urged ones flagged), or decided ones newest first',
  body: z.object({
    state: z.enum(REVIEW_TASK_STATES).default('open'),
    kind: z.enum(REVIEW_TASK_KINDS).optional(),
    pageSize: z.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse(listShape(reviewTask)),
});

export const reviewTaskDetail = defineEndpoint({
  id: 'review.task',
  method: 'GET',
  prefix: PREFIX,
  path: '/manage/app/uad/review/task',
  access: 'operator:reviewer',
  summary: "A task with the version's listing and package facts, and the on-shelf version to compare with",
  query: z.object({ taskId: z.uuid() }),
  response: okResponse({
    task: reviewTask,
    /** Null for a test version's task: it has testVersion instead. */
    version: version.nullable(),
    completeness: completeness.nullable(),
    testVersion: testVersion.nullable().optional(),
    onShelf: version.nullable(),
    /** What changes against the version on shelf, for updates. */
    diff: z
      .object({
        versionCode: z.object({ from: z.number().int().nullable(), to: z.number().int().nullable() }),
        countries: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
        listings: z.array(z.object({ language: z.string(), change: z.enum(['added', 'removed', 'changed']), fields: z.array(z.string()) })),
        permissions: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
        signerChanged: z.boolean(),
      })
      .nullable(),
    package: z
      .object({
        fileName: z.string(),
        size: z.number().int(),
        sha256: z.string(),
        minSdk: z.number().int().nullable(),
        targetSdk: z.number().int().nullable(),
        permissions: z.array(z.string()),
        /** A signed address to download the package, valid for an hour. */
        downloadUrl: z.string().nullable().optional(),
      })
      .nullable(),
    /** Signed addresses (valid for an hour) of the listings' icons, screenshots and videos, of this version and the one on shelf, by object id. */
    media: z.record(z.string(), z.string()).optional(),
    /** A phased submission's share, period and note, as the developer set them; null otherwise. */
    phasedRelease: phasedRelease.nullable().optional(),
  }),
});

export const submitReview = defineEndpoint({
  id: 'review.submit',
  method: 'POST',
  prefix: PREFIX,
  path: '/manage/app/uad/review/task/submit',
  access: 'operator:reviewer',
  summary: 'Decide a task: approve (a release optionally at a set time) or reject with reasons',
  body: z
    .object({
      taskId: z.uuid(),
      decision: z.enum(['approve', 'reject']),
      releaseAt: z.iso.datetime({ offset: true }).optional(),
      reasons: z.array(z.enum(REVIEW_REASON_KEYS)).max(REVIEW_REASON_KEYS.length).default([]),
      comment: z.string().trim().max(2000).optional(),
    })
    .refine((b) => b.decision === 'approve' || b.reasons.length > 0 || (b.comment ?? '') !== '', refused('rejectionNeedsReasonOrComment', ['reasons'])),
  response: okResponse({ task: reviewTask }),
});
