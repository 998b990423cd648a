import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

export function reviewQueueRoute(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.immersiveReviewQueue, ({ query }) => s.immersive.queue(query));
}
