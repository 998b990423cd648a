import type { FastifyInstance } from 'fastify';
import { projectApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { projectOut } from '../service';
import type { ProjectsServices } from './context';

export function projectRoutes(app: FastifyInstance, { projects: s }: ProjectsServices): void {
  registerEndpoint(app, projectApi.createProject, async ({ caller, body }) => ({ project: await s.create(caller, body) }));
  registerEndpoint(app, projectApi.projectList, ({ caller, query }) => s.list(caller, query));
  registerEndpoint(app, projectApi.getProject, async ({ caller, params }) => ({ project: projectOut(await s.get(caller, params.projectId)) }));
  registerEndpoint(app, projectApi.renameProject, async ({ caller, params, body }) => ({ project: await s.rename(caller, params.projectId, body.name) }));
  registerEndpoint(app, projectApi.deleteProject, async ({ caller, params }) => {
    await s.remove(caller, params.projectId);
    return {};
  });
}

