import type { Family } from '../../platform/deps';
import type { ImmersiveServices } from './routes/context';
import { ImmersiveService } from './service';
import { immersiveRepo } from './repo';
import { consoleRoutes } from './routes/console';
import { manageRoutes } from './routes/manage';

const ROUTES = [consoleRoutes, manageRoutes];

export const immersiveFamily: Family = {
  name: 'immersive',
  services: [
    {
      id: 'immersive-banner',
      serviceId: 'app.immersiveBanner',
      menuId: 'immersive-banner',
      categoryId: 8,
      names: { cn: '沉浸式横幅', en: 'Immersive banner', ru: 'Иммерсивный баннер' },
      route: '/apps/:appId/immersive',
      scope: 'app',
    },
  ],
  // The app's review tasks are the queue's (versions); the info and its pictures are this family's.
  lifecycle: () => ({
    appMoving: (tx, move) => immersiveRepo.moveApp(tx, move.appId, move.toTeamId),
    appRemovingWrites: (db, appId) => [immersiveRepo.removing(db, appId)],
  }),
  register(app, deps) {
    const s: ImmersiveServices = { immersive: new ImmersiveService(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
