import { subscribe } from '../../platform/events';
import type { Deps, Family } from '../../platform/deps';
import { deletePrefix } from '../../platform/storage';
import { projectDeleted } from '../projects/public';
import { consoleRoutes } from './routes/console';
import { registerDeviceRoutes } from './routes/device';
import { storageOf } from './services';

const ROUTES = [consoleRoutes];

/** A deleted project's rows went by cascade; its files' bytes go here, after the removal committed (again harmlessly after a crash). */
const dropDeletedProject = (deps: Deps) =>
  subscribe({
    name: 'storage.drop-project-files',
    topic: projectDeleted,
    maxAttempts: 10,
    async handle(event) {
      await deletePrefix(deps.storage, `storage/${event.payload.projectId}/`);
    },
  });

/** Cloud Storage: a project's buckets of files for its apps, under security rules (docs/storage.md). */
export const storageFamily: Family = {
  name: 'storage',
  services: [
    {
      id: 'storage',
      serviceId: 'project.cloudStorage',
      menuId: 'storage',
      categoryId: 11,
      names: { cn: '云存储', en: 'Cloud Storage', ru: 'Облачное хранилище' },
      route: '/projects/:projectId/storage',
      scope: 'project',
    },
  ],
  periodic: [
    { name: 'storage download counts', everyMs: () => 5000, run: (deps) => storageOf(deps).s.meter.flush(deps.db) },
    { name: 'storage expired uploads', everyMs: () => 3_600_000, run: (deps) => storageOf(deps).uploads.sweep() },
  ],
  register(app, deps) {
    const { s, device, uploads } = storageOf(deps);
    deps.events.add(dropDeletedProject(deps));
    app.addHook('onClose', async () => s.meter.flush(deps.db));
    for (const route of ROUTES) route(app, s);
    registerDeviceRoutes(s, device, uploads);
  },
};
