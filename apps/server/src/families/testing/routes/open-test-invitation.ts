import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function openTestInvitationRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.openTestInvitation, async ({ query, req }) => {
    s.open.limit(req.ip);
    return s.open.lookup(query.code);
  });
}
