import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function openTestJoinRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.openTestJoin, async ({ body, req, caller, reply }) => {
    s.open.limit(req.ip);
    // The token is a credential: never kept by caches on the way.
    reply.header('Cache-Control', 'no-store');
    return s.open.join(body, caller.ip);
  });
}
