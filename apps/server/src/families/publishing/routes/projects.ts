import type { FastifyInstance } from 'fastify';
import { publishingApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { PublishingServices } from './context';

export function projectRoutes(app: FastifyInstance, s: PublishingServices): void {
  registerEndpoint(app, publishingApi.listProjects, ({ caller, query }) => s.projects.list(caller, query));
  registerEndpoint(app, publishingApi.getProject, ({ caller, params, query }) => s.projects.get(caller, params.projectId, query.queryFlag === '1'));
}
