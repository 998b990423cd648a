import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { sendPrivateFile } from '../../../platform/http/private-file';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

/** The platform operators' calls (reviewers and administrators). */
export function manageRoutes(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.qualificationReviewFile, async ({ query, reply }) => {
    const file = await s.qualifications.reviewFile(query.taskId, query.objectId);
    // Documents may be anything a team uploaded: served as attachments, never rendered inline.
    return sendPrivateFile(reply, { fileName: file.fileName, contentType: file.contentType, size: file.size, body: await s.qualifications.storage.get(file.storageKey) });
  });
  registerEndpoint(app, qualificationApi.qualificationReviewQueue, ({ query }) => s.qualifications.queue(query));
  registerEndpoint(app, qualificationApi.setQualificationStatus, ({ caller, body }) => s.qualifications.setStatus(caller, body));
}
