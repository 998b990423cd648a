import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

/** Calls without an account: the store's pages and what devices fetch by link. */
export function publicRoutes(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.openTestInvitation, async ({ query, req }) => {
    s.open.limit(req.ip);
    return s.open.lookup(query.code);
  });
  registerEndpoint(app, testingApi.openTestJoin, async ({ body, req, caller, reply }) => {
    s.open.limit(req.ip);
    // The token is a credential: never kept by caches on the way.
    reply.header('Cache-Control', 'no-store');
    return s.open.join(body, caller.ip);
  });
}
