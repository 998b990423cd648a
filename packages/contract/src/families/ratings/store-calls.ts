import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { publicReview, ratingSummary, reviewLanguage } from './schemas';

export const storeReviews = defineEndpoint({
  id: 'ratings.store',
  method: 'GET',
  prefix: 'comment/v1/store',
  path: '/app/:appId/reviews',
  access: 'anonymous',
  summary: "An on-shelf app's ratings and reviews for its store page: those in the reader's language first, newest or most helpful first",
  params: z.object({ appId: z.uuid() }),
  query: z.object({
    language: reviewLanguage.optional(),
    sort: z.enum(['newest', 'helpful']).default('newest'),
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
    cursor: z.string().max(512).optional(),
  }),
  response: okResponse({
    /** On the first page only. */
    summary: ratingSummary.optional(),
    items: z.array(publicReview),
    nextCursor: z.string().nullable(),
  }),
});
