import type { FastifyInstance } from 'fastify';
import { testingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { TestingServices } from './context';

export function createGroupRoute(app: FastifyInstance, s: TestingServices): void {
  registerEndpoint(app, testingApi.createGroup, ({ caller, body }) => s.groups.create(caller, body.name));
}
