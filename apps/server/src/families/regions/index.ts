import type { Family } from '../../platform/deps';
import { regionNamesRoute } from './routes/region-names';
import { regionNamesV2Route } from './routes/region-names-v2';
import { RegionsService } from './service';

export const regionsFamily: Family = {
  name: 'regions',
  register(app, deps) {
    const s = new RegionsService(deps);
    for (const route of [regionNamesRoute, regionNamesV2Route]) route(app, s);
  },
};
