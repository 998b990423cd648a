import { z } from 'zod';
import { defineEndpoint } from '../../kit/endpoint';
import { okResponse } from '../../kit/envelope';
import { review } from './schemas';

/** The platform operators' moderation of reviews: held and reported ones, oldest first. */
const PREFIX = 'comment/v1/manage';

export const moderationItem = review.extend({ appId: z.string(), appName: z.string(), reportReasons: z.array(z.string()) });
export type ModerationItem = z.infer<typeof moderationItem>;

export const moderationQueue = defineEndpoint({
  id: 'ratings.queue',
  method: 'GET',
  prefix: PREFIX,
  path: '/queue',
  access: 'operator:reviewer',
  summary: 'Reviews waiting for an operator: held by the filter, or reported by readers since last decided; oldest first',
  query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(20), cursor: z.string().max(512).optional() }),
  response: okResponse({ items: z.array(moderationItem), nextCursor: z.string().nullable(), total: z.number().int() }),
});

export const moderateReview = defineEndpoint({
  id: 'ratings.moderate',
  method: 'POST',
  prefix: PREFIX,
  path: '/review/:reviewId',
  access: 'operator:reviewer',
  summary: 'Hide a review, with the reason its team and author read, or show it (again)',
  params: z.object({ reviewId: z.uuid() }),
  body: z.discriminatedUnion('decision', [
    z.object({ decision: z.literal('hide'), reason: z.string().trim().min(1).max(300) }),
    z.object({ decision: z.literal('show') }),
  ]),
  response: okResponse({ review }),
});
