import type { FastifyInstance } from 'fastify';
import { ageRatingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgeRatingServices } from './context';

/** The console's calls: a signed-in member's, checked against the app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, { ageRating }: AgeRatingServices): void {
  registerEndpoint(app, ageRatingApi.getAgeRatingV1, ({ caller, query }) => ageRating.getV1(caller, query.appId));
  registerEndpoint(app, ageRatingApi.setAgeRatingV1, ({ caller, body }) => ageRating.setV1(caller, body.appId, body.age));
  registerEndpoint(app, ageRatingApi.getAgeRating, ({ caller, query }) => ageRating.get(caller, query.appId));
  registerEndpoint(app, ageRatingApi.saveAgeRating, ({ caller, body }) => ageRating.save(caller, body.appId, body.answers));
  registerEndpoint(app, ageRatingApi.cancelAgeRating, ({ caller, body }) => ageRating.cancel(caller, body.appId));
}
