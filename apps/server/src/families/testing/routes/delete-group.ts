import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function deleteGroupRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.deleteGroup, ({ caller, query }) => s.groups.remove(caller, query.groupId));
}
