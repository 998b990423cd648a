import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function addMembersRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.addMembers, ({ caller, body }) => s.groups.addMembers(caller, body.groupId, body.emails));
}
