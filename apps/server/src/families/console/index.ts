import type { Family } from '../../platform/deps';
import { consoleRoutes } from './routes/console';

export const consoleFamily: Family = {
  name: 'console',
  register(app, deps) {
    consoleRoutes(app, deps);
  },
};
