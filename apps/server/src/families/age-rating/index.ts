import { extend } from '../../platform/extensions';
import type { Family } from '../../platform/deps';
import { APP_AGE } from '../versions/public';
import { ageRatingRepo } from './repo';
import { AgeRatingReview } from './review';
import type { AgeRatingServices } from './routes/context';
import { consoleRoutes } from './routes/console';
import { manageRoutes } from './routes/manage';
import { publicRoutes } from './routes/public';
import { AgeRatingService } from './service';
import { AgeRatingStore } from './store';

const ROUTES = [consoleRoutes, manageRoutes, publicRoutes];

/** Age rating: an app's questionnaire (or single age), every authority's rating, its review after release, the store's badge. */
export const ageRatingFamily: Family = {
  name: 'age-rating',
  services: [
    {
      id: 'age-rating',
      serviceId: 'app.ageRating',
      menuId: 'age-rating',
      categoryId: 3,
      names: { cn: '年龄分级', en: 'Age rating', ru: 'Возрастной рейтинг' },
      route: '/apps/:appId/age-rating',
      scope: 'app',
    },
  ],
  extensions: [extend(APP_AGE, (deps) => new AgeRatingService(deps))],
  // The app's review tasks are the queue's (versions); the declaration is this family's.
  lifecycle: () => ({
    appMoving: async (tx, move) => {
      await ageRatingRepo.moveApp(tx, move.appId, move.toTeamId);
      return [];
    },
    appRemovingWrites: (db, appId) => [ageRatingRepo.removing(db, appId)],
  }),
  register(app, deps) {
    const store = new AgeRatingStore(deps);
    const changed = (appId: string) => store.forget(appId);
    const s: AgeRatingServices = { ageRating: new AgeRatingService(deps, changed), review: new AgeRatingReview(deps, changed), store };
    for (const route of ROUTES) route(app, s);
  },
};
