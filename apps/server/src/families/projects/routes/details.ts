import type { FastifyInstance } from 'fastify';
import { projectApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import type { ProjectsServices } from './context';

export function projectDetailRoutes(app: FastifyInstance, { projects: s, members }: ProjectsServices): void {
  registerEndpoint(app, projectApi.projectRegion, async ({ caller, params }) => s.region(await s.get(caller, params.projectId)));
  registerEndpoint(app, projectApi.projectConfigFile, async ({ caller, params, req }) =>
    s.configFile(await s.get(caller, params.projectId), `${req.protocol}://${req.host}/agc/edge`),
  );
  registerEndpoint(app, projectApi.projectMembers, async ({ caller, params }) => {
    await s.get(caller, params.projectId);
    // Every member of the team works on its projects; App administrators only on their apps.
    const all = await members.all(caller);
    return { items: all };
  });
}
