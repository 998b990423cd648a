import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { publicReview, REPORT_REASONS, reviewLanguage, reviewText, stars } from './schemas';

/** What an app calls on a device, with its client key: the user's own review and votes. */
const PREFIX = 'comment/v1/client';
const writes = { class: 'reviewWrite', by: 'device' } as const;
/**
 * What proves an install: the token the package download answered in `X-Install-Token`
 * (bound to the app and the device). A signed-in app user needs none.
 */
const installToken = z.string().min(16).max(512);

export const submitReview = defineEndpoint({
  id: 'ratings.submit',
  method: 'PUT',
  prefix: PREFIX,
  path: '/review',
  access: 'app-client:optional-user',
  rateLimit: writes,
  summary: "Rate the app and review it, or change one's review: one per install or app user",
  body: z.object({
    installToken: installToken.optional(),
    rating: stars,
    text: reviewText.default(''),
    /** The review's language; else the device's Accept-Language. */
    language: reviewLanguage.optional(),
    /** The installed version, when it is not the one the install token names. */
    versionCode: z.number().int().min(0).optional(),
  }),
  response: okResponse({ review: publicReview }),
});

export const myReview = defineEndpoint({
  id: 'ratings.mine',
  method: 'GET',
  prefix: PREFIX,
  path: '/review',
  access: 'app-client:optional-user',
  summary: "This install's or app user's review, with the developer's reply; null before one is written",
  query: z.object({ installToken: installToken.optional() }),
  response: okResponse({ review: publicReview.nullable() }),
});

export const voteHelpful = defineEndpoint({
  id: 'ratings.vote',
  method: 'PUT',
  prefix: PREFIX,
  path: '/review/:reviewId/helpful',
  access: 'app-client:optional-user',
  rateLimit: writes,
  summary: "Mark another's review helpful, or take the mark back: one per install or app user",
  params: z.object({ reviewId: z.uuid() }),
  body: z.object({ installToken: installToken.optional(), helpful: z.boolean() }),
  response: okResponse({ helpful: z.number().int() }),
});

export const reportReview = defineEndpoint({
  id: 'ratings.report',
  method: 'PUT',
  prefix: PREFIX,
  path: '/review/:reviewId/report',
  access: 'app-client:optional-user',
  rateLimit: writes,
  summary: "Report another's review to the platform's operators: one report per install or app user",
  params: z.object({ reviewId: z.uuid() }),
  body: z.object({ installToken: installToken.optional(), reason: z.enum(REPORT_REASONS) }),
  response: okResponse({}),
});
