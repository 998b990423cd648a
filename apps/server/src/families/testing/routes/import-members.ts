import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function importMembersRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.importMembers, ({ caller, body }) => s.groups.importCsv(caller, body.groupId, body.csv));
}
