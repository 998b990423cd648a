import type { Family } from '../../platform/deps';
import { RegionsService } from './service';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';

export const regionsFamily: Family = {
  name: 'regions',
  register(app, deps) {
    const s = new RegionsService(deps);
    for (const route of [publicRoutes, consoleRoutes]) route(app, s);
  },
};
