import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

export function taskListRoute(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.qualificationTaskList, ({ caller, query }) => s.qualifications.list(caller, query));
}
