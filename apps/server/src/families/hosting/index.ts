import { subscribe } from '../../platform/events';
import type { Deps, Family } from '../../platform/deps';
import { deletePrefix } from '../../platform/storage';
import { projectDeleted } from '../projects/public';
import { consoleRoutes } from './routes/console';
import { registerSiteRoutes } from './routes/sites';
import { hostingOf } from './services';

const ROUTES = [consoleRoutes];

/** A deleted project's sites went by cascade; their blobs go here, after the removal committed. */
const dropDeletedProject = (deps: Deps) =>
  subscribe({
    name: 'hosting.drop-project-files',
    topic: projectDeleted,
    maxAttempts: 10,
    async handle(event) {
      await deletePrefix(deps.storage, `hosting/${event.payload.projectId}/`);
    },
  });

/** Hosting: a project's static sites with immutable versions, channels, configuration and domains (docs/hosting.md). */
export const hostingFamily: Family = {
  name: 'hosting',
  services: [
    {
      id: 'hosting',
      serviceId: 'project.hosting',
      menuId: 'hosting',
      categoryId: 11,
      names: { cn: '云托管', en: 'Hosting', ru: 'Хостинг' },
      route: '/projects/:projectId/hosting',
      scope: 'project',
    },
  ],
  periodic: [{ name: 'hosting domain checks', everyMs: () => 5 * 60_000, run: (deps) => hostingOf(deps).domains.verifyPending() }],
  register(app, deps) {
    const s = hostingOf(deps);
    deps.events.add(dropDeletedProject(deps));
    for (const route of ROUTES) route(app, s);
    registerSiteRoutes(s);
  },
};
