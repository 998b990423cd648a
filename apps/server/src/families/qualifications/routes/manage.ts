import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint, STREAMED } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

/** The platform operators' calls (reviewers and administrators). */
export function manageRoutes(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.qualificationReviewFile, async ({ query, reply }) => {
    const file = await s.qualifications.reviewFile(query.taskId, query.objectId);
    // Documents may be anything a team uploaded: served as attachments, never rendered inline.
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store');
    reply.send(await s.qualifications.storage.get(file.storageKey));
    return STREAMED;
  });
  registerEndpoint(app, qualificationApi.qualificationReviewQueue, ({ query }) => s.qualifications.queue(query));
  registerEndpoint(app, qualificationApi.setQualificationStatus, ({ caller, body }) => s.qualifications.setStatus(caller, body));
}
