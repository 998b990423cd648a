import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

/** The three test-version calls of the Publishing API (create, change, submit). */
export function testVersionRoutes(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.createTestVersion, async ({ caller, query, body, req }) => s.tests.save(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, publishingApi.updateTestVersion, async ({ caller, query, body, req }) => s.tests.save(caller, query.appId, body, messageLanguage(req)));
  registerEndpoint(app, publishingApi.submitTestVersion, async ({ caller, query, body, req }) => s.tests.submit(caller, query.appId, body.testVersionId, messageLanguage(req)));
}
