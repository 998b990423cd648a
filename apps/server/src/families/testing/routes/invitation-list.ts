import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function invitationListRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.invitationList, ({ caller, query }) => s.groups.invitations(caller, query.groupId));
}
