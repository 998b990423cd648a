import type { FastifyInstance } from 'fastify';
import { ageRatingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { AgeRatingServices } from './context';

/** What visitors of the store page read, signed in or not. */
export function publicRoutes(app: FastifyInstance, { store }: AgeRatingServices): void {
  registerEndpoint(app, ageRatingApi.storeAgeRatingOf, ({ params }) => store.of(params.appId));
}
