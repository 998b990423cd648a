import type { Family } from '../../platform/deps';
import { behaviourRoutes } from './routes/behaviour';
import { clueRoutes } from './routes/clues';

/** The collectors of behaviour reports and marketplace clues. */
export const reportsFamily: Family = {
  name: 'reports',
  register(app, deps) {
    behaviourRoutes(app, deps);
    clueRoutes(app, deps);
  },
};
