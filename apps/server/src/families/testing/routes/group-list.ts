import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function groupListRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.groupList, ({ caller, query }) => s.groups.list(caller, query));
}
