import type { FastifyInstance } from 'fastify';
import { immersiveApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import type { ImmersiveServices } from './context';

/** The platform operators' calls (reviewers and administrators). */
export function manageRoutes(app: FastifyInstance, s: ImmersiveServices): void {
  registerEndpoint(app, immersiveApi.decideImmersiveReview, ({ caller, body }) => s.immersive.decide(caller, body));
  registerEndpoint(app, immersiveApi.immersiveReviewImage, async ({ query, reply }) => {
    const file = await s.immersive.taskImage(query.taskId);
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, max-age=300');
    reply.send(await s.immersive.storage.get(file.storageKey));
    return STREAMED;
  });
  registerEndpoint(app, immersiveApi.immersiveReviewQueue, ({ query }) => s.immersive.queue(query));
}
