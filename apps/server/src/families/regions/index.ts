import type { Family } from '../../platform/deps';
import { RegionsService } from './service';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';
import type { RegionsServices } from './routes/context';

export const regionsFamily: Family = {
  name: 'regions',
  register(app, deps) {
    const s: RegionsServices = { regions: new RegionsService(deps) };
    for (const route of [publicRoutes, consoleRoutes]) route(app, s);
  },
};
