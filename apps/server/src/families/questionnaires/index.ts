import type { Family } from '../../platform/deps';
import { questionnairesRepo } from './repo';
import type { QuestionnairesServices } from './routes/context';
import { consoleRoutes } from './routes/console';
import { publicRoutes } from './routes/public';
import { QuestionnairesService } from './service';

const ROUTES = [consoleRoutes, publicRoutes];

/** Questionnaires: an app's surveys, answered by link or in the app, with results per question. */
export const questionnairesFamily: Family = {
  name: 'questionnaires',
  services: [
    {
      id: 'questionnaires',
      serviceId: 'app.questionnaires',
      menuId: 'questionnaires',
      categoryId: 3,
      names: { cn: '问卷调查', en: 'Questionnaires', ru: 'Анкеты' },
      route: '/apps/:appId/questionnaires',
      scope: 'app',
    },
  ],
  // The rows go with the app (foreign keys).
  lifecycle: () => ({
    appMoving: async (tx, move) => {
      await questionnairesRepo.moveApp(tx, move.appId, move.toTeamId);
      return [];
    },
  }),
  register(app, deps) {
    const s: QuestionnairesServices = { questionnaires: new QuestionnairesService(deps), deps };
    for (const route of ROUTES) route(app, s);
  },
};
