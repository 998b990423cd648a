import type { FastifyInstance } from 'fastify';
import { ageRatingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgeRatingServices } from './context';

/** The platform operators' calls (reviewers). */
export function manageRoutes(app: FastifyInstance, { review }: AgeRatingServices): void {
  registerEndpoint(app, ageRatingApi.ageRatingReviewQueue, ({ query }) => review.queue(query));
  registerEndpoint(app, ageRatingApi.decideAgeRatingReview, ({ caller, body }) => review.decide(caller, body));
}
