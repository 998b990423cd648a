import type { Family } from '../../platform/deps';
import { manageRoutes } from './routes/manage';
import { ContentManagement } from './management';
import { newsRoutes } from './routes/news';
import { publicRoutes } from './routes/public';

/** What visitors read without signing in (news, billboard, discounts, the service list). */
export const contentFamily: Family = {
  name: 'content',
  register(app, deps) {
    newsRoutes(app, deps);
    publicRoutes(app, deps);
    manageRoutes(app, new ContentManagement(deps));
  },
};
