import type { FastifyInstance } from 'fastify';
import { ratingsApi } from '@wharf/contract';
import { countryOfAcceptLanguage, languageOfAcceptLanguage } from '../../../platform/http/accept-language';
import { registerEndpoint } from '../../../platform/http/register';
import type { RatingsServices } from './context';

/** What an app calls on a device, with its client key: its user's review and helpful marks. */
export function clientRoutes(app: FastifyInstance, { device }: RatingsServices): void {
  registerEndpoint(app, ratingsApi.submitReview, ({ caller, body, req }) => {
    const acceptLanguage = req.headers['accept-language'];
    return device.submit(caller, body, { language: languageOfAcceptLanguage(acceptLanguage)?.slice(0, 3).split('-')[0]?.toLowerCase() ?? null, country: countryOfAcceptLanguage(acceptLanguage) });
  });
  registerEndpoint(app, ratingsApi.myReview, ({ caller, query }) => device.mine(caller, query.installToken));
  registerEndpoint(app, ratingsApi.voteHelpful, ({ caller, params, body }) => device.vote(caller, params.reviewId, body.helpful, body.installToken));
  registerEndpoint(app, ratingsApi.reportReview, ({ caller, params, body }) => device.report(caller, params.reviewId, body.reason, body.installToken));
}
