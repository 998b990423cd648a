import type { Family } from '../../platform/deps';
import { accountsOf } from '../accounts/public';
import { projectTeamOf } from './repo';
import { projectDetailRoutes } from './routes/details';
import { projectRoutes } from './routes/projects';
import { projectsOf } from './public';
import type { ProjectsServices } from './routes/context';

export const projectsFamily: Family = {
  name: 'projects',
  services: [
    {
      id: 'my-projects',
      serviceId: 'project.myProjects',
      menuId: 'my-projects',
      categoryId: 1,
      names: { cn: '我的项目', en: 'My projects', ru: 'Мои проекты' },
      route: '/projects',
      scope: 'team',
    },
  ],
  projectScopes: (deps) => ({
    teamOf: (projectId) => projectTeamOf(deps.db, projectId),
  }),
  register(app, deps) {
    const s: ProjectsServices = { projects: projectsOf(deps), members: accountsOf(deps).members };
    for (const route of [projectRoutes, projectDetailRoutes]) route(app, s);
  },
};
