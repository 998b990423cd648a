import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function expireInvitationRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.expireInvitation, ({ caller, body }) => s.groups.expireInvitation(caller, body.invitationId));
}
