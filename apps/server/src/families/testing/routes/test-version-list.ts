import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function testVersionListRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.testVersionList, ({ caller, body, req }) => s.tests.list(caller, body.appId, messageLanguage(req)));
}
