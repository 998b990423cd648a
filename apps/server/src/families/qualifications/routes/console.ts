import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

/** The console's calls: a signed-in member's, checked against the team, project or app and the member's roles. */
export function consoleRoutes(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.cancelQualificationTask, ({ caller, body }) => s.qualifications.cancel(caller, body.appId, body.taskId));
  registerEndpoint(app, qualificationApi.createQualificationTask, ({ caller, body }) => s.qualifications.create(caller, body));
  registerEndpoint(app, qualificationApi.deleteQualificationTask, ({ caller, query }) => s.qualifications.remove(caller, query.appId, query.taskId));
  registerEndpoint(app, qualificationApi.getQualificationTask, ({ caller, query }) => s.qualifications.get(caller, query.appId, query.taskId));
  registerEndpoint(app, qualificationApi.qualificationTaskList, ({ caller, query }) => s.qualifications.list(caller, query));
  registerEndpoint(app, qualificationApi.updateQualificationTask, ({ caller, body }) => s.qualifications.update(caller, body));
}
