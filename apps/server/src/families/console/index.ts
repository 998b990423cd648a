import type { Family } from '../../platform/deps';
import { getConfigRoute } from './routes/get-config';

export const consoleFamily: Family = {
  name: 'console',
  register(app, deps) {
    getConfigRoute(app, deps);
  },
};
