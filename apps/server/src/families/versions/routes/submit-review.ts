import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function submitReviewRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.submitReview, ({ caller, body }) => s.review.submit(caller, body));
}
