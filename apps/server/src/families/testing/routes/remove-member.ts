import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function removeMemberRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.removeMember, ({ caller, query }) => s.groups.removeMember(caller, query.groupId, query.testerId));
}
