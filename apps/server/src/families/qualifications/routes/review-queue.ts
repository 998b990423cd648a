import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

export function reviewQueueRoute(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.qualificationReviewQueue, ({ query }) => s.qualifications.queue(query));
}
