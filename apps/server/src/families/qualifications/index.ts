import type { Family } from '../../platform/deps';
import type { QualificationsServices } from './routes/context';
import { QualificationsService } from './service';
import { qualificationsRepo } from './repo';
import { consoleRoutes } from './routes/console';
import { manageRoutes } from './routes/manage';

const ROUTES = [consoleRoutes, manageRoutes];

export const qualificationsFamily: Family = {
  name: 'qualifications',
  services: [
    {
      id: 'qualifications',
      serviceId: 'app.qualifications',
      menuId: 'qualifications',
      categoryId: 8,
      names: { cn: '资质管理', en: 'Qualifications', ru: 'Квалификации' },
      route: '/apps/:appId/qualifications',
      scope: 'app',
    },
  ],
  // The review tasks are the queue's (versions); the documents and remarks are this family's.
  lifecycle: () => ({
    appMoving: (tx, move) => qualificationsRepo.moveApp(tx, move.appId, move.toTeamId),
    appRemovingWrites: (db, appId) => [qualificationsRepo.removingApp(db, appId)],
  }),
  register(app, deps) {
    const s: QualificationsServices = { qualifications: new QualificationsService(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
