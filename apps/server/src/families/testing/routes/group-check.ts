import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function groupCheckRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.groupCheck, ({ caller, query }) => s.groups.check(caller, query.name));
}
