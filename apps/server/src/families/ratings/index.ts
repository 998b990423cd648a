import type { Family } from '../../platform/deps';
import { RatingsDevice } from './device';
import { clientRoutes } from './routes/client';
import type { RatingsServices } from './routes/context';
import { consoleRoutes } from './routes/console';
import { manageRoutes } from './routes/manage';
import { RatingsModeration } from './moderation';
import { publicRoutes } from './routes/public';
import { RatingsService } from './service';
import { RatingsStore } from './store';
import { StoreFacts } from './store-facts';
import { ReplyTemplates } from './templates';
import { forgetDeletedUser } from './user-deleted';

const ROUTES = [consoleRoutes, clientRoutes, publicRoutes, manageRoutes];

/** Ratings and reviews: what an app's users say of it, the team's replies, and the store page's share of it. */
export const ratingsFamily: Family = {
  name: 'ratings',
  services: [
    {
      id: 'ratings',
      serviceId: 'app.ratings',
      menuId: 'ratings',
      categoryId: 3,
      names: { cn: '评分和评论', en: 'Ratings and reviews', ru: 'Оценки и отзывы' },
      route: '/apps/:appId/ratings',
      scope: 'app',
    },
  ],
  subscriptions: [forgetDeletedUser],
  register(app, deps) {
    const facts = new StoreFacts(deps);
    const s: RatingsServices = { ratings: new RatingsService(deps), device: new RatingsDevice(deps, facts), store: new RatingsStore(deps, facts), moderation: new RatingsModeration(deps, facts), templates: new ReplyTemplates(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
