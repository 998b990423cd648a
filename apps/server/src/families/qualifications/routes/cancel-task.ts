import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

export function cancelTaskRoute(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.cancelQualificationTask, ({ caller, body }) => s.qualifications.cancel(caller, body.appId, body.taskId));
}
