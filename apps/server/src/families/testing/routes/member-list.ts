import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function memberListRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.memberList, ({ caller, query }) => s.groups.members(caller, query));
}
