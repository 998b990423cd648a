import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { messageLanguage } from '../../../platform/http/language';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function openTestRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.openTest, ({ caller, body, req }) => s.tests.save(caller, body.appId, body, messageLanguage(req)));
}
