import type { FastifyInstance } from 'fastify';
import { qualificationApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { QualificationsServices } from './context';

export function setStatusRoute(app: FastifyInstance, s: QualificationsServices): void {
  registerEndpoint(app, qualificationApi.setQualificationStatus, ({ caller, body }) => s.qualifications.setStatus(caller, body));
}
