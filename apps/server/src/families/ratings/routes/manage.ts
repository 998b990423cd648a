import type { FastifyInstance } from 'fastify';
import { ratingsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RatingsServices } from './context';

/** The platform operators' calls: the moderation queue and its decisions. */
export function manageRoutes(app: FastifyInstance, { moderation }: RatingsServices): void {
  registerEndpoint(app, ratingsApi.moderationQueue, ({ query }) => moderation.queue(query.pageSize, query.cursor));
  registerEndpoint(app, ratingsApi.moderateReview, ({ caller, params, body }) => moderation.decide(caller, params.reviewId, body));
}
