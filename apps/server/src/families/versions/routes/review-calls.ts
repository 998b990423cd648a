import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { ReviewService } from '../review';

export function reviewRoutes(app: FastifyInstance, s: ReviewService): void {
  registerEndpoint(app, versionApi.reviewTaskQueue, ({ body }) => s.queue(body));
  registerEndpoint(app, versionApi.reviewTaskDetail, ({ query, req }) => s.detail(query.taskId, messageLanguage(req)));
  registerEndpoint(app, versionApi.submitReview, ({ caller, body }) => s.submit(caller, body));
}
