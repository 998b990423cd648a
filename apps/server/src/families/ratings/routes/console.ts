import type { FastifyInstance } from 'fastify';
import { ratingsApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { RatingsServices } from './context';

/** The console's calls: an app's reviews, their charts, the team's replies and its reply templates. */
export function consoleRoutes(app: FastifyInstance, { ratings, templates }: RatingsServices): void {
  registerEndpoint(app, ratingsApi.listReviews, ({ caller, query }) => ratings.list(caller, query.appId, query));
  registerEndpoint(app, ratingsApi.reviewSummary, ({ caller, query }) => ratings.summary(caller, query.appId, query.from, query.to));
  registerEndpoint(app, ratingsApi.replyToReview, ({ caller, query, body }) => ratings.reply(caller, query.appId, body.reviewId, body.text));
  registerEndpoint(app, ratingsApi.deleteReply, ({ caller, query }) => ratings.reply(caller, query.appId, query.reviewId, null));
  registerEndpoint(app, ratingsApi.listReplyTemplates, ({ caller }) => templates.list(caller));
  registerEndpoint(app, ratingsApi.createReplyTemplate, ({ caller, body }) => templates.create(caller, body));
  registerEndpoint(app, ratingsApi.updateReplyTemplate, ({ caller, params, body }) => templates.update(caller, params.templateId, body));
  registerEndpoint(app, ratingsApi.deleteReplyTemplate, ({ caller, params }) => templates.remove(caller, params.templateId));
}
