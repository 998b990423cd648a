import type { Family } from '../../platform/deps';
import type { QualificationsServices } from './routes/context';
import { createTaskRoute } from './routes/create-task';
import { updateTaskRoute } from './routes/update-task';
import { deleteTaskRoute } from './routes/delete-task';
import { getTaskRoute } from './routes/get-task';
import { taskListRoute } from './routes/task-list';
import { cancelTaskRoute } from './routes/cancel-task';
import { setStatusRoute } from './routes/set-status';
import { reviewQueueRoute } from './routes/review-queue';
import { reviewFileRoute } from './routes/review-file';
import { QualificationsService } from './service';
import { qualificationsRepo } from './repo';

const ROUTES = [createTaskRoute, updateTaskRoute, deleteTaskRoute, getTaskRoute, taskListRoute, cancelTaskRoute, setStatusRoute, reviewQueueRoute, reviewFileRoute];

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
    appRemoving: (tx, appId) => qualificationsRepo.removeApp(tx, appId),
  }),
  register(app, deps) {
    const s: QualificationsServices = { qualifications: new QualificationsService(deps) };
    for (const route of ROUTES) route(app, s);
  },
};
