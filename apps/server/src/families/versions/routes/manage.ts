import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';
import { messageLanguage } from '../../../platform/http/language';

/** The platform operators' calls (reviewers and administrators). */
export function manageRoutes(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.reviewTaskQueue, ({ body }) => s.review.queue(body));
  registerEndpoint(app, versionApi.reviewTaskDetail, ({ query, req }) => s.review.detail(query.taskId, messageLanguage(req)));
  registerEndpoint(app, versionApi.submitReview, ({ caller, body }) => s.review.submit(caller, body));
}
