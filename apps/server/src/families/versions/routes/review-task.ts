import type { FastifyInstance } from 'fastify';
import { versionApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { VersionsServices } from './context';

export function reviewTaskRoute(app: FastifyInstance, s: VersionsServices): void {
  registerEndpoint(app, versionApi.reviewTaskDetail, ({ query, req }) => s.review.detail(query.taskId, messageLanguage(req)));
}
