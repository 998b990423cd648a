import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { listQuery, listShape } from '../../kit/list';
import { appQuery, listFilter, ratingSummary, replyText, review, starsFilter } from './schemas';

/** The console's calls on an app's ratings and reviews (the specification's `/comment`). */
const PREFIX = 'comment/v1';
const day = z.iso.date();

export const REVIEW_SORTS = ['newest', 'oldest', 'helpful', 'ratingHigh', 'ratingLow'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const listReviews = defineEndpoint({
  id: 'ratings.list',
  method: 'GET',
  prefix: PREFIX,
  path: '/reviews',
  access: 'app:app.read',
  summary: "An app's reviews, filtered by stars, version, country, language, reply and date, searched by text",
  query: listQuery.extend({
    ...appQuery.shape,
    stars: starsFilter.optional(),
    versions: listFilter.optional(),
    countries: listFilter.optional(),
    languages: listFilter.optional(),
    replied: z.enum(['yes', 'no']).optional(),
    /** Written (or last changed) on or after this day, and on or before `to`, UTC. */
    from: day.optional(),
    to: day.optional(),
    q: z.string().trim().max(100).optional(),
    /** Moderation: `visible`, `held` (waiting for the platform's moderators) or `hidden`. */
    moderation: z.enum(['visible', 'held', 'hidden']).optional(),
    sort: z.enum(REVIEW_SORTS).default('newest'),
  }),
  response: okResponse(listShape(review)),
});

export const reviewSummary = defineEndpoint({
  id: 'ratings.summary',
  method: 'GET',
  prefix: PREFIX,
  path: '/reviews/summary',
  access: 'app:app.read',
  summary: "An app's ratings: distribution and average, per version, and per day over a window (at most a year)",
  query: appQuery.extend({ from: day, to: day }),
  response: okResponse({
    summary: ratingSummary,
    versions: z.array(z.object({ versionName: z.string().nullable(), count: z.number().int(), average: z.number() })),
    /** Every day of the window, oldest first: reviews written that day and their average (null without any). */
    days: z.array(z.object({ day: z.string(), count: z.number().int(), average: z.number().nullable() })),
  }),
});

export const replyToReview = defineEndpoint({
  id: 'ratings.reply',
  method: 'PUT',
  prefix: PREFIX,
  path: '/review/reply',
  access: 'app:support.manage',
  summary: "Reply to a review, or change the reply: one per review, shown to its author and on the store page",
  query: appQuery,
  body: z.object({ reviewId: z.uuid(), text: replyText }),
  response: okResponse({ review }),
});

export const deleteReply = defineEndpoint({
  id: 'ratings.deleteReply',
  method: 'DELETE',
  prefix: PREFIX,
  path: '/review/reply',
  access: 'app:support.manage',
  summary: 'Take a reply back',
  query: appQuery.extend({ reviewId: z.uuid() }),
  response: okResponse({ review }),
});
