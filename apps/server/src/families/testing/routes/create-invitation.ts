import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function createInvitationRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.createInvitation, ({ caller, body }) => s.groups.createInvitation(caller, body.groupId, body.maxAdmissions));
}
