import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

export function deleteTaskRoute(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.deleteQualificationTask, ({ caller, query }) => s.qualifications.remove(caller, query.appId, query.taskId));
}
