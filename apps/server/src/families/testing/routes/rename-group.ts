import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function renameGroupRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.renameGroup, ({ caller, body }) => s.groups.rename(caller, body.groupId, body.name));
}
