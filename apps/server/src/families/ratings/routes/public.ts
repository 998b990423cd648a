import type { FastifyInstance } from 'fastify';
import { ratingsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RatingsServices } from './context';

/** What visitors of the store page read, signed in or not. */
export function publicRoutes(app: FastifyInstance, { store }: RatingsServices): void {
  registerEndpoint(app, ratingsApi.storeReviews, ({ params, query }) => store.page(params.appId, query));
}
