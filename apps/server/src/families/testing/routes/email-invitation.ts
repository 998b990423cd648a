import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function emailInvitationRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.emailInvitation, ({ caller, body, req }) => s.groups.emailInvitation(caller, body.groupId, body.emails, messageLanguage(req)));
}
