import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function testReleaseRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.testRelease, ({ caller, body, req }) => s.tests.release(caller, body.appId, body.testVersionId, body.action, messageLanguage(req)));
}
