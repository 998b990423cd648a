import type { Family } from '../../platform/deps';
import { accountsServices } from '../accounts/public';
import { projectTeamOf } from './repo';
import { projectDetailRoutes } from './routes/details';
import { projectRoutes } from './routes/projects';
import { ProjectsService } from './service';

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
    const s = new ProjectsService(deps);
    projectRoutes(app, s);
    projectDetailRoutes(app, s, accountsServices(deps).members);
  },
};
